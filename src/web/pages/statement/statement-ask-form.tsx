import { type FormEvent, useId, useState } from 'react'
import { comicStatementTexts as texts } from '../../../shared/comic-statement'
import { isSimpleEmail } from '../../../shared/email'
import { askComicLink } from '../../api/comic-statement'
import { EmailField } from '../../components/email-field'
import { ErrorAlert } from '../../components/error-alert'
import { useHydrated } from '../../components/use-hydrated'

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
    if (!isSimpleEmail(email)) {
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
      <EmailField
        id={`${id}-email`}
        label={texts.emailLabel}
        describedBy={state.status === 'failed' ? `${id}-error` : undefined}
      />
      <div aria-live="polite">
        {state.status === 'failed' && <ErrorAlert id={`${id}-error`} message={state.message} />}
      </div>
      <button className="button" type="submit" disabled={!hydrated || state.status === 'sending'}>
        {state.status === 'sending' ? texts.sending : texts.sendLink}
      </button>
    </form>
  )
}
