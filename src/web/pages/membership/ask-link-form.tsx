import { type FormEvent, useId, useState } from 'react'
import { isSimpleEmail } from '../../../shared/email'
import { memberPageTexts } from '../../../shared/member-page'
import { askMemberLink } from '../../api/membership'
import { EmailField } from '../../components/email-field'
import { ErrorAlert } from '../../components/error-alert'
import { useHydrated } from '../../components/use-hydrated'

type State =
  | { status: 'idle' | 'sending' }
  | { status: 'failed'; message: string }
  | { status: 'sent'; message: string; email: string }

/**
 * "Email me a sign-in link": the same answer whatever the address, so the page tells nobody who
 * is a member; only a member's inbox gets the link. `again`: after a link that no longer works.
 */
export function AskLinkForm({ again = false }: { again?: boolean }) {
  const id = useId()
  const [state, setState] = useState<State>({ status: 'idle' })
  const hydrated = useHydrated()

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim()
    if (!isSimpleEmail(email)) {
      setState({ status: 'failed', message: memberPageTexts.badEmail })
      return
    }
    setState({ status: 'sending' })
    const result = await askMemberLink(email)
    setState(
      result.ok
        ? { status: 'sent', message: result.value, email }
        : { status: 'failed', message: result.message },
    )
  }

  if (state.status === 'sent') {
    return (
      <div className="membership-sent card" role="status" aria-labelledby={`${id}-sent`}>
        <h2 id={`${id}-sent`}>{memberPageTexts.checkMail}</h2>
        <p>{state.message}</p>
        <p className="muted">{state.email}</p>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => setState({ status: 'idle' })}
        >
          {memberPageTexts.sendAnother}
        </button>
      </div>
    )
  }

  return (
    <form className="membership-ask card" onSubmit={onSubmit} noValidate>
      <h2 id={`${id}-heading`} className="membership-card-heading">
        {again ? memberPageTexts.askAgain : memberPageTexts.sendLink}
      </h2>
      <p>{memberPageTexts.intro}</p>
      <EmailField
        id={`${id}-email`}
        label={memberPageTexts.emailLabel}
        describedBy={state.status === 'failed' ? `${id}-error` : undefined}
      />
      <div aria-live="polite">
        {state.status === 'failed' && <ErrorAlert id={`${id}-error`} message={state.message} />}
      </div>
      <button className="button" type="submit" disabled={!hydrated || state.status === 'sending'}>
        {state.status === 'sending' ? memberPageTexts.sending : memberPageTexts.sendLink}
      </button>
    </form>
  )
}
