import { type FormEvent, useId, useState } from 'react'
import {
  jokeLength,
  jokeLimitSentence,
  jokeMaxLength,
  jokeStateWords,
  jokesLeftSentence,
  jokeTexts,
} from '../../../shared/jokes'
import { charactersLeft, type MemberView, memberPageTexts } from '../../../shared/member-page'
import { formatCentral } from '../../../shared/show-time'
import { sendJoke } from '../../api/membership-calls'
import { ErrorAlert } from '../../components/error-alert'

type State = { status: 'idle' | 'sending' | 'sent' } | { status: 'failed'; message: string }

/** When a joke was sent, in the show's time; the raw value if it is unreadable. */
function sentAt(iso: string): string {
  const instant = new Date(iso)
  return Number.isNaN(instant.getTime()) ? iso : formatCentral(instant)
}

/**
 * The member's custom jokes: a field with a live count of characters left (280 at most), how
 * many the month still allows, and every joke sent with where the host has got with it.
 */
export function JokesSection({
  view,
  onChange,
}: {
  view: MemberView
  onChange: (view: MemberView) => void
}) {
  const id = useId()
  const [text, setText] = useState('')
  const [state, setState] = useState<State>({ status: 'idle' })
  const left = jokeMaxLength - jokeLength(text)
  // As submitJoke rules: perks on (paid up, or within the grace after a failed renewal).
  const perksOn = view.standing === 'active' || view.standing === 'grace'
  const canSend = perksOn && view.jokesLeft > 0
  const renewsAt = view.periodEnd ? new Date(view.periodEnd) : null
  const allowance = !perksOn
    ? jokeTexts.notMember
    : view.jokesLeft > 0
      ? jokesLeftSentence(view.tier, view.jokesLeft)
      : jokeLimitSentence(view.tier, renewsAt)

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (text.trim() === '') {
      setState({ status: 'failed', message: jokeTexts.empty })
      return
    }
    if (left < 0) {
      setState({ status: 'failed', message: jokeTexts.tooLong })
      return
    }
    setState({ status: 'sending' })
    const result = await sendJoke(view.csrfToken, text)
    if (!result.ok) {
      setState({ status: 'failed', message: result.message })
      return
    }
    setText('')
    setState({ status: 'sent' })
    onChange(result.value)
  }

  return (
    <section className="membership-jokes card" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="membership-card-heading">
        {memberPageTexts.jokesHeading}
      </h2>
      <p>{memberPageTexts.jokesHint}</p>
      <p data-jokes-left>{allowance}</p>
      {canSend && (
        <form onSubmit={onSubmit} noValidate>
          <div className="field">
            <label htmlFor={`${id}-text`}>{jokeTexts.label}</label>
            <textarea
              id={`${id}-text`}
              name="text"
              value={text}
              rows={4}
              aria-describedby={`${id}-count`}
              aria-invalid={left < 0 || undefined}
              onChange={(event) => setText(event.target.value)}
            />
            <p
              id={`${id}-count`}
              className={left < 0 ? 'field-hint membership-over' : 'field-hint'}
              aria-live="polite"
            >
              {charactersLeft(left)}
            </p>
          </div>
          <button className="button" type="submit" disabled={state.status === 'sending'}>
            {state.status === 'sending' ? memberPageTexts.sending : jokeTexts.submit}
          </button>
        </form>
      )}
      <div aria-live="polite">
        {state.status === 'failed' && <ErrorAlert message={state.message} />}
        {state.status === 'sent' && (
          <p className="alert alert-success" role="status">
            {jokeTexts.sent}
          </p>
        )}
      </div>
      <h3 className="membership-subheading">{memberPageTexts.jokesSent}</h3>
      {view.jokes.length === 0 ? (
        <p className="muted">{jokeTexts.none}</p>
      ) : (
        <ul className="membership-joke-list">
          {view.jokes.map((joke) => (
            <li key={joke.id} className="membership-joke">
              <p className="membership-joke-text">{joke.text}</p>
              <p className="membership-joke-meta">
                <span className={`tag membership-joke-${joke.state}`} data-joke-state={joke.state}>
                  {jokeStateWords[joke.state]}
                </span>{' '}
                <span className="muted">Sent {sentAt(joke.sentAt)}</span>
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
