import { type FormEvent, useId, useState } from 'react'
import { comicStatementTexts as texts } from '../../../shared/comic-statement'
import { askComicLink } from '../../api/comic-statement'
import { useHydrated } from '../../components/use-hydrated'
import { StatementAlert as ErrorAlert } from './statement-alert'

type State =
  | { status: 'idle' | 'sending' }
  | { status: 'failed'; message: string }
  | { status: 'sent'; message: string }

/** "Email me a sign-in link": the same answer whatever the address, so it tells nobody who is a comic. */
export function StatementAskForm({ again = false }: { again?: boolean }) {
  const id = useId()
  const [state, setState] = useState<State>({ status: 'idle' })
  const hydrated = useHydrated()

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim()
    // The server checks the address (its 400 says texts.badEmail): shared/email.ts stays out
    // of this page, so the store's shared chunks keep their shape.
    if (email === '') {
      setState({ status: 'failed', message: texts.badEmail })
      return
    }
    setState({ status: 'sending' })
    const result = await askComicLink(email)
    setState(
      result.ok
        ? { status: 'sent', message: result.value }
        : { status: 'failed', message: result.message },
    )
  }

  if (state.status === 'sent') {
    return (
      <div className="statement-card card" role="status">
        <h2>{texts.checkMail}</h2>
        <p>{state.message}</p>
      </div>
    )
  }
  return (
    <form className="statement-card card" onSubmit={onSubmit} noValidate>
      <h2>{again ? texts.askAgain : texts.sendLink}</h2>
      <p>{texts.intro}</p>
      <div className="field">
        <label htmlFor={`${id}-email`}>{texts.emailLabel}</label>
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          required
          aria-describedby={state.status === 'failed' ? `${id}-error` : undefined}
        />
      </div>
      <div aria-live="polite">
        {state.status === 'failed' && <ErrorAlert id={`${id}-error`} message={state.message} />}
      </div>
      <button className="button" type="submit" disabled={!hydrated || state.status === 'sending'}>
        {state.status === 'sending' ? texts.sending : texts.sendLink}
      </button>
    </form>
  )
}
