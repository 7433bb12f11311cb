import { useCallback, useEffect, useRef, useState } from 'react'
import { useLocation } from 'wouter'
import { comicStatementTexts as texts } from '../../../shared/comic-statement'
import type { SignedInStatement } from '../../../shared/comic-statement-api'
import { paths } from '../../../shared/pages'
import { zonedParts } from '../../../shared/show-time'
import { linkTokenFromHash } from '../../../shared/sign-in'
import {
  askComicLink,
  completeComicSignIn,
  loadStatement,
  signOutComic,
} from '../../api/comic-statement-calls'
import { AskLinkForm, ContinueLinkCard } from '../../components/ask-link-form'
import { ErrorAlert } from '../../components/error-alert'
import { SiteLayout } from '../../components/layout/site-layout'
import { StatementView } from './statement-view'
import './statement.css'

/**
 * Only an empty address is refused here: the server checks the rest (its 400 says
 * texts.badEmail), so shared/email.ts stays out of this page and the store's shared chunks keep
 * their shape.
 */
const refuseEmptyEmail = (email: string) => (email === '' ? texts.badEmail : undefined)

type PageState =
  | { status: 'loading' }
  | { status: 'offered' | 'signingIn'; token: string; notice?: string }
  | { status: 'signedOut'; notice?: string }
  | { status: 'linkUnusable' }
  | { status: 'failed'; message: string }
  | { status: 'comic'; signedIn: SignedInStatement; busy: boolean }

/** The months (Central time) of the shows on an all-time statement, latest first. */
function monthsOf(signedIn: SignedInStatement): string[] {
  const months = signedIn.statement.shows.map((show) => {
    const { year, month } = zonedParts(new Date(show.startsAt))
    return `${year}-${String(month).padStart(2, '0')}`
  })
  return [...new Set(months)]
}

/** The link's token, taken off the address at once so a reload or screenshot does not carry it. */
function takeLinkToken(): string {
  const { hash, pathname } = window.location
  if (hash.length > 1) window.history.replaceState(window.history.state, '', pathname)
  return linkTokenFromHash(hash)
}

/**
 * /statement and /statement/sign-in (docs/comics.md, "Settling with the comics"): a comic asks
 * for a link at their payout address, opens it and presses "Continue" (a POST of its token, so
 * a mail scanner signs nobody in), then sees their own statement, and nobody else's.
 */
export function StatementPage() {
  const [pathname, navigate] = useLocation()
  const [state, setState] = useState<PageState>({ status: 'loading' })
  const [months, setMonths] = useState<string[]>([])
  const started = useRef(false)

  const show = useCallback((signedIn: SignedInStatement) => {
    if (signedIn.statement.month === null) setMonths(monthsOf(signedIn))
    setState({ status: 'comic', signedIn, busy: false })
  }, [])

  useEffect(() => {
    if (started.current) return
    started.current = true
    if (pathname === paths.statementSignIn) {
      const token = takeLinkToken()
      setState(token ? { status: 'offered', token } : { status: 'linkUnusable' })
      return
    }
    void loadStatement().then((result) => {
      if (result.ok) show(result.value)
      else if (result.status === 401) setState({ status: 'signedOut' })
      else setState({ status: 'failed', message: result.message })
    })
  }, [pathname, show])

  const continueWithLink = async (token: string) => {
    setState({ status: 'signingIn', token })
    const result = await completeComicSignIn(token)
    if (result.ok) {
      navigate(paths.statement, { replace: true })
      show(result.value)
    } else if (result.status === 400) setState({ status: 'linkUnusable' })
    else setState({ status: 'offered', token, notice: result.message })
  }
  const chooseMonth = async (month: string) => {
    if (state.status !== 'comic') return
    setState({ ...state, busy: true })
    const result = await loadStatement(month || undefined)
    if (result.ok) show(result.value)
    else if (result.status === 401) setState({ status: 'signedOut' })
    else setState({ status: 'failed', message: result.message })
  }
  const signOut = async (csrfToken: string) => {
    await signOutComic(csrfToken)
    setState({ status: 'signedOut', notice: texts.signedOut })
  }

  return (
    <SiteLayout>
      <div className="statement-page">
        <h1>
          {state.status === 'comic'
            ? `${texts.heading}: ${state.signedIn.statement.comic.name}`
            : texts.heading}
        </h1>
        {state.status === 'comic' && (
          <>
            <StatementView
              statement={state.signedIn.statement}
              months={months}
              busy={state.busy}
              onMonth={(month) => void chooseMonth(month)}
            />
            <div className="statement-no-print">
              <button
                type="button"
                className="button button-secondary"
                onClick={() => void signOut(state.signedIn.csrfToken)}
              >
                {texts.signOut}
              </button>
            </div>
          </>
        )}
        {(state.status === 'offered' || state.status === 'signingIn') && (
          <ContinueLinkCard
            texts={texts}
            signingIn={state.status === 'signingIn'}
            notice={state.notice}
            onContinue={() => void continueWithLink(state.token)}
            className="statement-card"
          />
        )}
        {state.status === 'loading' && <p role="status">{texts.loading}</p>}
        {state.status === 'failed' && <ErrorAlert message={state.message} />}
        {state.status === 'linkUnusable' && <ErrorAlert message={texts.linkUnusable} />}
        {state.status === 'signedOut' && state.notice && (
          <p className="alert alert-success" role="status">
            {state.notice}
          </p>
        )}
        {(state.status === 'signedOut' || state.status === 'linkUnusable') && (
          <AskLinkForm
            texts={texts}
            ask={askComicLink}
            refusal={refuseEmptyEmail}
            again={state.status === 'linkUnusable'}
            className="statement-card"
          />
        )}
      </div>
    </SiteLayout>
  )
}
