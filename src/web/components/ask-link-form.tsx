import { type FormEvent, useId, useState } from 'react'
import { EmailField } from './email-field'
import { ErrorAlert } from './error-alert'
import { useHydrated } from './use-hydrated'

/** The words of an audience's "Email me a sign-in link" (memberPageTexts, comicStatementTexts). */
export interface AskLinkTexts {
  intro: string
  emailLabel: string
  sendLink: string
  sending: string
  checkMail: string
  askAgain: string
  sendAnother: string
}

/** What the audience's API answers to a link request: the sentence to show, either way. */
export type AskLinkAnswer = { ok: true; value: string } | { ok: false; message: string }

type State =
  | { status: 'idle' | 'sending' }
  | { status: 'failed'; message: string }
  | { status: 'sent'; message: string; email: string }

/**
 * "Email me a sign-in link", as the fans' pages of every mailed-link audience ask it (the member
 * page, a comic's statement): the same answer whatever the address, so the page tells nobody who
 * has an account; only that account's inbox gets the link. `refusal` checks the address before it
 * is sent (the sentence to show, or undefined to send it); `again`: after a link that no longer
 * works. The card's class is the page's (`className`), the rest is the same on every page.
 */
export function AskLinkForm({
  texts,
  ask,
  refusal,
  again = false,
  className,
  headingClassName,
}: {
  texts: AskLinkTexts
  ask: (email: string) => Promise<AskLinkAnswer>
  refusal: (email: string) => string | undefined
  again?: boolean
  className: string
  headingClassName?: string
}) {
  const id = useId()
  const [state, setState] = useState<State>({ status: 'idle' })
  const hydrated = useHydrated()

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim()
    const refused = refusal(email)
    if (refused !== undefined) {
      setState({ status: 'failed', message: refused })
      return
    }
    setState({ status: 'sending' })
    const result = await ask(email)
    setState(
      result.ok
        ? { status: 'sent', message: result.value, email }
        : { status: 'failed', message: result.message },
    )
  }

  if (state.status === 'sent') {
    return (
      <div className={`${className} card`} role="status" aria-labelledby={`${id}-sent`}>
        <h2 id={`${id}-sent`} className={headingClassName}>
          {texts.checkMail}
        </h2>
        <p>{state.message}</p>
        <p className="muted">{state.email}</p>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => setState({ status: 'idle' })}
        >
          {texts.sendAnother}
        </button>
      </div>
    )
  }

  return (
    <form className={`${className} card`} onSubmit={onSubmit} noValidate>
      <h2 className={headingClassName}>{again ? texts.askAgain : texts.sendLink}</h2>
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

/** The words of a mailed link's "Continue" (memberPageTexts, comicStatementTexts, comicHomeTexts). */
export interface ContinueLinkTexts {
  continueHint: string
  continue: string
  signingIn: string
}

/**
 * A mailed sign-in link opened: "Continue" signs in, not the opening itself, so a mail scanner
 * that opens the link signs nobody in. The same on every mailed-link audience's page; the card's
 * class is the page's.
 */
export function ContinueLinkCard({
  texts,
  signingIn,
  notice,
  onContinue,
  className,
}: {
  texts: ContinueLinkTexts
  signingIn: boolean
  notice?: string
  onContinue: () => void
  className: string
}) {
  return (
    <div className={`${className} card`}>
      <p>{texts.continueHint}</p>
      {notice && <ErrorAlert message={notice} />}
      <button type="button" className="button" disabled={signingIn} onClick={onContinue}>
        {signingIn ? texts.signingIn : texts.continue}
      </button>
    </div>
  )
}
