import { type FormEvent, useId, useState } from 'react'
import { consoleTexts } from '../../../shared/console'
import { asConsoleError, type ConsoleError } from '../console-calls'
import { useConsoleSession } from '../console-session'
import { ErrorNotice, SuccessNotice } from '../console-ui'

/** The codes mail again: to the buyer, or to another address the fan asks for. */
export function ResendForm(props: { orderId: string; buyer: string | null; onDone: () => void }) {
  const id = useId()
  const { run } = useConsoleSession()
  const [target, setTarget] = useState<'buyer' | 'other'>(props.buyer ? 'buyer' : 'other')
  const [busy, setBusy] = useState(false)
  const [sent, setSent] = useState('')
  const [error, setError] = useState<ConsoleError>()

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const other = String(new FormData(event.currentTarget).get('to') ?? '').trim()
    setBusy(true)
    setSent('')
    setError(undefined)
    try {
      const result = await run('codes.resend', {
        orderId: props.orderId,
        ...(target === 'other' ? { to: other } : {}),
      })
      setSent(consoleTexts.resent(result.to))
      props.onDone()
    } catch (failure) {
      setError(asConsoleError(failure))
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="console-resend" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Resend the codes</h2>
      <form onSubmit={onSubmit}>
        <fieldset className="console-choice">
          <legend className="label">Send them to</legend>
          {props.buyer && (
            <label className="console-check">
              <input
                type="radio"
                name="target"
                checked={target === 'buyer'}
                onChange={() => setTarget('buyer')}
              />
              The buyer ({props.buyer})
            </label>
          )}
          <label className="console-check">
            <input
              type="radio"
              name="target"
              checked={target === 'other'}
              onChange={() => setTarget('other')}
            />
            Another address
          </label>
        </fieldset>
        {target === 'other' && (
          <div className="field">
            <label htmlFor={`${id}-to`}>Address to send them to</label>
            <input id={`${id}-to`} name="to" type="email" autoComplete="off" required />
          </div>
        )}
        <button className="button button-secondary" type="submit" disabled={busy}>
          Resend the codes
        </button>
      </form>
      {sent && <SuccessNotice>{sent}</SuccessNotice>}
      {error && <ErrorNotice error={error} />}
    </section>
  )
}
