import { type FormEvent, useId, useState } from 'react'
import type { PurchaseCode } from '../../../shared/checkout'
import { fanMessageMax, fanWordsTexts, fitsFanWords } from '../../../shared/fan-words'
import { saveCodeMessage } from '../../api/save-code-message'

/**
 * A code's message for the comic (docs/stage.md, "Names and messages"): editable until the code
 * is redeemed; after, the message it went with, or only that it was not shown.
 */
export function CodeMessageForm({ sessionId, code }: { sessionId: string; code: PurchaseCode }) {
  const id = useId()
  const [text, setText] = useState(code.message ?? '')
  const [said, setSaid] = useState('')
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)

  if (code.state === 'redeemed' || code.state === 'voided' || code.state === 'expired') {
    if (code.messageNotShown)
      return <p className="success-code-message">{fanWordsTexts.messageNotShown}</p>
    return code.message ? <p className="success-code-message">“{code.message}”</p> : null
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setSaid('')
    setError('')
    if (!fitsFanWords(text, fanMessageMax)) {
      setError(fanWordsTexts.messageTooLong)
      return
    }
    setBusy(true)
    const saved = await saveCodeMessage(sessionId, code.code, text)
    setBusy(false)
    if (saved.ok) {
      setText(saved.answer.message)
      setSaid(saved.answer.said)
    } else {
      setError(saved.message)
    }
  }

  return (
    <form className="success-code-message-form" onSubmit={(event) => void submit(event)}>
      <label htmlFor={`${id}-message`}>{fanWordsTexts.messageLabel}</label>
      <textarea
        id={`${id}-message`}
        name="message"
        rows={2}
        value={text}
        aria-describedby={`${id}-hint`}
        onChange={(event) => setText(event.target.value)}
      />
      <p id={`${id}-hint`} className="field-hint">
        {fanWordsTexts.messageHint}
      </p>
      <button type="submit" className="button button-secondary" disabled={busy}>
        {fanWordsTexts.saveMessage}
      </button>
      <p role="status" className="success-code-message-said">
        {said}
      </p>
      {error && (
        <p role="alert" className="success-code-message-error">
          {error}
        </p>
      )}
    </form>
  )
}
