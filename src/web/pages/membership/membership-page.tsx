import { useEffect, useRef, useState } from 'react'
import { useLocation } from 'wouter'
import { isSimpleEmail } from '../../../shared/email'
import { type MemberView, memberPageTexts } from '../../../shared/member-page'
import { membershipsOpenAttribute } from '../../../shared/memberships'
import { paths } from '../../../shared/pages'
import { linkTokenFromHash } from '../../../shared/sign-in'
import {
  askMemberLink,
  completeMemberSignIn,
  loadMemberView,
  readMemberView,
} from '../../api/membership-calls'
import { AskLinkForm, ContinueLinkCard } from '../../components/ask-link-form'
import { SiteLayout } from '../../components/layout/site-layout'
import { Progress } from '../../components/progress'
import { useHistoryEntry } from '../../components/transition-router'
import { NotFoundPage } from '../not-found/not-found-page'
import { MemberDashboard } from './member-dashboard'
import './membership.css'
import { ErrorAlert } from '../../components/error-alert'

/** The address is checked here as the server checks it: its refusal, said before asking. */
const refuseMemberEmail = (email: string) =>
  isSimpleEmail(email) ? undefined : memberPageTexts.badEmail

type PageState =
  | { status: 'loading' }
  | { status: 'offered' | 'signingIn'; token: string }
  | { status: 'signedOut'; notice?: string }
  | { status: 'linkUnusable'; message: string }
  | { status: 'failed'; message: string }
  | { status: 'member'; view: MemberView }

/** Whether the server says memberships are open (the page is rendered in the browser only). */
function membershipsOpen(): boolean {
  if (typeof document === 'undefined') return false
  return document.documentElement.getAttribute(membershipsOpenAttribute) === 'open'
}

/**
 * The token of a sign-in link: after `#`, so it never reached a server. Taken off the address
 * at once, so a reload or a shared screenshot does not carry it.
 */
function takeLinkToken(): string {
  const { hash, pathname } = window.location
  if (hash.length > 1) window.history.replaceState(window.history.state, '', pathname)
  return linkTokenFromHash(hash)
}

/**
 * /membership and /membership/sign-in (docs/memberships.md): a member asks for a sign-in link by mail,
 * opens it and presses "Continue" (a POST of its token, so a mail scanner opening the link signs
 * nobody in), then sees the membership, the member code and the jokes for the host. While
 * memberships are closed the server answers 404 for both, and the page is the not-found page.
 */
export function MembershipPage() {
  const [pathname, navigate] = useLocation()
  const navigationState = useHistoryEntry().state
  const signingIn = pathname === paths.membershipSignIn
  // The view signing in answered, handed over from the sign-in address.
  const handedOver: unknown = (navigationState as { view?: unknown } | null)?.view
  const [state, setState] = useState<PageState>({ status: 'loading' })
  /** Why pressing "Continue" did not sign in, when the link may still work. */
  const [notice, setNotice] = useState('')
  const started = useRef(false)

  useEffect(() => {
    // Once per visit, also under StrictMode's second effect run.
    if (started.current || !membershipsOpen()) return
    started.current = true
    const loadView = () =>
      loadMemberView().then((result) => {
        if (result.ok) setState({ status: 'member', view: result.value })
        else if (result.status === 401) setState({ status: 'signedOut' })
        else setState({ status: 'failed', message: result.message })
      })
    if (handedOver !== undefined) {
      // Out of the history entry, so a reload asks the server afresh.
      navigate(paths.membership, { replace: true, state: null })
      void readMemberView(handedOver).then((view) =>
        view ? setState({ status: 'member', view }) : loadView(),
      )
      return
    }
    if (signingIn) {
      const token = takeLinkToken()
      setState(
        token
          ? { status: 'offered', token }
          : { status: 'linkUnusable', message: memberPageTexts.linkUnusable },
      )
      return
    }
    void loadView()
  }, [signingIn, handedOver, navigate])

  const continueWithLink = async (token: string) => {
    setState({ status: 'signingIn', token })
    const result = await completeMemberSignIn(token)
    if (result.ok) {
      navigate(paths.membership, { replace: true, state: { view: result.value } })
      return
    }
    // A used or expired link (400) in the page's words; a network or rate-limit failure in its
    // own, and the member may press again: the link was not used.
    if (result.status === 400) {
      setState({ status: 'linkUnusable', message: memberPageTexts.linkUnusable })
    } else {
      setState({ status: 'offered', token })
      setNotice(result.message)
    }
  }

  if (!membershipsOpen()) return <NotFoundPage />

  return (
    <SiteLayout>
      <div className="membership-page">
        {state.status === 'member' ? (
          <MemberDashboard
            view={state.view}
            onChange={(view) => setState({ status: 'member', view })}
            onSignedOut={(notice) => setState({ status: 'signedOut', notice })}
          />
        ) : (
          <section className="membership-status" aria-labelledby="membership-heading">
            <h1 id="membership-heading">{memberPageTexts.heading}</h1>
            {(state.status === 'offered' || state.status === 'signingIn') && (
              <ContinueLinkCard
                texts={memberPageTexts}
                signingIn={state.status === 'signingIn'}
                notice={notice}
                onContinue={() => void continueWithLink(state.token)}
                className="membership-continue"
              />
            )}
            {state.status === 'loading' && <Progress>{memberPageTexts.loading}</Progress>}
            {state.status === 'failed' && <ErrorAlert message={state.message} />}
            {state.status === 'linkUnusable' && <ErrorAlert message={state.message} />}
            {state.status === 'signedOut' && state.notice && (
              <p className="alert alert-success" role="status">
                {state.notice}
              </p>
            )}
            {state.status !== 'loading' && (
              <AskLinkForm
                texts={memberPageTexts}
                ask={askMemberLink}
                refusal={refuseMemberEmail}
                again={state.status === 'linkUnusable'}
                className="membership-ask"
                headingClassName="membership-card-heading"
              />
            )}
          </section>
        )}
      </div>
    </SiteLayout>
  )
}
