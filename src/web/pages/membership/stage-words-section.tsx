import { type FormEvent, useId, useState } from 'react'
import { tierMemberWords } from '../../../shared/catalogue'
import { fanMessageMax, fanWordsTexts, fitsFanWords, stageNameMax } from '../../../shared/fan-words'
import type { MemberView } from '../../../shared/member-page'
import { saveMemberWords } from '../../api/membership-calls'
import { ErrorAlert } from '../../components/error-alert'

/**
 * The member's name on stage and the message for tonight's gift (docs/stage.md, "Names and
 * messages"): shown with their gift when they redeem their member code at the show.
 */
export function StageWordsSection({
  view,
  onChange,
}: {
  view: MemberView
  onChange: (view: MemberView) => void
}) {
  const id = useId()
  const [name, setName] = useState(view.stageName)
  const [message, setMessage] = useState(view.stageMessage)
  const [said, setSaid] = useState('')
  const [error, setError] = useState('')

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setSaid('')
    setError('')
    if (!fitsFanWords(name, stageNameMax)) return setError(fanWordsTexts.nameTooLong)
    if (!fitsFanWords(message, fanMessageMax)) return setError(fanWordsTexts.messageTooLong)
    const result = await saveMemberWords(view.csrfToken, name, message)
    if (!result.ok) return setError(result.message)
    setName(result.value.stageName)
    setMessage(result.value.stageMessage)
    setSaid(
      result.value.stageMessage ? fanWordsTexts.memberMessageSaved : fanWordsTexts.memberNameSaved,
    )
    onChange(result.value)
  }

  return (
    <section className="membership-stage-words card" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="membership-card-heading">
        {fanWordsTexts.nameLabel}
      </h2>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <div className="field">
          <label htmlFor={`${id}-name`}>{fanWordsTexts.nameLabel}</label>
          <input
            id={`${id}-name`}
            type="text"
            autoComplete="nickname"
            value={name}
            aria-describedby={`${id}-name-hint`}
            onChange={(event) => setName(event.target.value)}
          />
          <p id={`${id}-name-hint`} className="field-hint">
            {fanWordsTexts.memberNameHint(tierMemberWords(view.tier))}
          </p>
        </div>
        <div className="field">
          <label htmlFor={`${id}-message`}>{fanWordsTexts.messageLabel}</label>
          <textarea
            id={`${id}-message`}
            rows={2}
            value={message}
            aria-describedby={`${id}-hint`}
            onChange={(event) => setMessage(event.target.value)}
          />
          <p id={`${id}-hint`} className="field-hint">
            {fanWordsTexts.messageHint}
          </p>
        </div>
        <button type="submit" className="button button-secondary">
          {fanWordsTexts.saveName}
        </button>
        <p role="status">{said}</p>
      </form>
      {error && <ErrorAlert message={error} />}
    </section>
  )
}
