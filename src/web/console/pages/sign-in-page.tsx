import { type FormEvent, useId, useState } from 'react'
import { Link, useLocation } from 'wouter'
import { consoleMessages, consolePages, consolePageTexts } from '../../../shared/console'
import { linkTokenFromHash } from '../../../shared/sign-in'
import { EmailField } from '../../components/email-field'
import { useHistoryEntry, useSearchParams } from '../../components/transition-router'
import {
  asConsoleError,
  type ConsoleError,
  completeSignIn,
  requestSignInLink,
} from '../console-calls'
import { ConsoleBrand, mainId } from '../console-layout'
import { safeNext, useConsoleSession } from '../console-session'
import { ErrorNotice, useConsoleTitle } from '../console-ui'
import './sign-in-page.css'

type LinkState = 'none' | 'offered' | 'using' | 'unusable'
type FormState =
  | { status: 'idle' }
  | { status: 'sending' }
  | { status: 'sent'; message: string }
  | { status: 'failed'; error: ConsoleError }

/**
 * Where the host was going when they asked for a link, kept in this browser: the mailed link
 * opens in another tab, without `?next`, and should still lead back there.
 */
const nextKey = 'punchline-console-next'

function rememberNext(next: string | null): void {
  try {
    if (next) localStorage.setItem(nextKey, safeNext(next))
    else localStorage.removeItem(nextKey)
  } catch {
    // Storage off (a private window): the link then opens Tonight.
  }
}

function takeRememberedNext(): string | null {
  try {
    const next = localStorage.getItem(nextKey)
    localStorage.removeItem(nextKey)
    return next
  } catch {
    return null
  }
}

/**
 * Sign-in: ask for a link by mail, or use the link that opened this page. The link is used only
 * when the host presses the button: mail scanners open links, and must not sign anyone in.
 */
export function SignInPage() {
  useConsoleTitle(consolePages.signIn.title)
  const id = useId()
  const entry = useHistoryEntry()
  const [, navigate] = useLocation()
  const [params] = useSearchParams()
  const { state, signedIn } = useConsoleSession()
  const token = linkTokenFromHash(entry.hash)
  const [link, setLink] = useState<LinkState>(token ? 'offered' : 'none')
  const [linkError, setLinkError] = useState<ConsoleError>()
  const [form, setForm] = useState<FormState>({ status: 'idle' })
  const signedOut =
    typeof entry.state === 'object' && entry.state !== null && 'signedOut' in entry.state

  const onContinue = async () => {
    setLink('using')
    setLinkError(undefined)
    try {
      const session = await completeSignIn(token)
      signedIn(session)
      const remembered = takeRememberedNext()
      navigate(safeNext(params.get('next') ?? remembered), { replace: true })
    } catch (error) {
      const failure = asConsoleError(error)
      if (failure.status === 400) {
        setLink('unusable')
        // The token is spent: keep it out of the address bar and the history.
        navigate(`${entry.path}${entry.search}`, { replace: true })
      } else {
        setLink('offered')
        setLinkError(failure)
      }
    }
  }

  const onAsk = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const email = new FormData(event.currentTarget).get('email')
    setForm({ status: 'sending' })
    rememberNext(params.get('next'))
    try {
      await requestSignInLink(typeof email === 'string' ? email.trim() : '')
      setForm({ status: 'sent', message: consoleMessages.linkSent })
    } catch (error) {
      setForm({ status: 'failed', error: asConsoleError(error) })
    }
  }

  const usingLink = link === 'offered' || link === 'using'
  return (
    <div className="console-sign-in">
      <header className="console-sign-in-header">
        <ConsoleBrand />
      </header>
      <main id={mainId} className="console-main">
        <section className="card console-sign-in-card" aria-labelledby={`${id}-title`}>
          <h1 id={`${id}-title`}>Sign in to the console</h1>
          {signedOut && link === 'none' && form.status === 'idle' && (
            <p className="alert alert-success" role="status">
              {consoleMessages.signedOut}
            </p>
          )}
          {state.status === 'signed-in' && !usingLink && (
            <p>
              You are signed in as {state.session.email}.{' '}
              <Link to={consolePages.tonight.path}>Go to Tonight</Link>
            </p>
          )}
          {usingLink ? (
            <>
              <p>{consolePageTexts.signIn.withLink}</p>
              {linkError && <ErrorNotice error={linkError} />}
              <button
                type="button"
                className="button"
                onClick={onContinue}
                disabled={link === 'using'}
              >
                Continue to the console
              </button>
            </>
          ) : (
            <>
              {link === 'unusable' && (
                <p className="alert alert-error" role="alert">
                  {consoleMessages.linkUnusable}
                </p>
              )}
              <form className="console-sign-in-form" onSubmit={onAsk}>
                <EmailField
                  id={`${id}-email`}
                  label="Your email address"
                  describedBy={`${id}-hint`}
                >
                  <p id={`${id}-hint`} className="field-hint">
                    {consolePageTexts.signIn.hint}
                  </p>
                </EmailField>
                <button className="button" type="submit" disabled={form.status === 'sending'}>
                  {form.status === 'sending' ? 'Sending…' : 'Email me a sign-in link'}
                </button>
              </form>
              <div aria-live="polite">
                {form.status === 'sent' && <p className="alert alert-success">{form.message}</p>}
              </div>
              {form.status === 'failed' && <ErrorNotice error={form.error} />}
            </>
          )}
        </section>
      </main>
    </div>
  )
}
