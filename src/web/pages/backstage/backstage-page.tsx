import { useEffect, useRef, useState } from 'react'
import { useLocation } from 'wouter'
import { comicHomeTexts as texts } from '../../../shared/comic-home'
import type { ComicHome } from '../../../shared/comic-home-api'
import { paths } from '../../../shared/pages'
import { linkTokenFromHash } from '../../../shared/sign-in'
import {
  askBackstageLink,
  completeBackstageSignIn,
  loadBackstage,
  signOutBackstage,
  withdrawOwnSignup,
} from '../../api/backstage-calls'
import { AskLinkForm, ContinueLinkCard } from '../../components/ask-link-form'
import { ErrorAlert } from '../../components/error-alert'
import { SiteLayout } from '../../components/layout/site-layout'
import { BackstageView } from './backstage-view'
import './backstage.css'

/** Only an empty address is refused here: the server checks the rest (its 400 says texts.badEmail). */
const refuseEmptyEmail = (email: string) => (email === '' ? texts.badEmail : undefined)

type PageState =
  | { status: 'loading' }
  | { status: 'offered' | 'signingIn'; token: string; notice?: string }
  | { status: 'signedOut'; notice?: string }
  | { status: 'linkUnusable' }
  | { status: 'failed'; message: string }
  | { status: 'comic'; home: ComicHome; busy: boolean; notice?: string; error?: string }

/** The link's token, taken off the address at once so a reload or screenshot does not carry it. */
function takeLinkToken(): string {
  const { hash, pathname } = window.location
  if (hash.length > 1) window.history.replaceState(window.history.state, '', pathname)
  return linkTokenFromHash(hash)
}

/**
 * /backstage and /backstage/sign-in (docs/comics.md, "A comic's own page"): a comic asks for a
 * link at the address the club has for them, opens it and presses "Continue" (a POST of its
 * token, so a mail scanner signs nobody in), then sees their shows, their open-mic sign-ups
 * (withdraw), their public page and their statement: their own, and nobody else's.
 */
export function BackstagePage() {
  const [pathname, navigate] = useLocation()
  const [state, setState] = useState<PageState>({ status: 'loading' })
  const started = useRef(false)

  useEffect(() => {
    if (started.current) return
    started.current = true
    if (pathname === paths.backstageSignIn) {
      const token = takeLinkToken()
      setState(token ? { status: 'offered', token } : { status: 'linkUnusable' })
      return
    }
    void loadBackstage().then((result) => {
      if (result.ok) setState({ status: 'comic', home: result.value, busy: false })
      else if (result.status === 401) setState({ status: 'signedOut' })
      else setState({ status: 'failed', message: result.message })
    })
  }, [pathname])

  const continueWithLink = async (token: string) => {
    setState({ status: 'signingIn', token })
    const result = await completeBackstageSignIn(token)
    if (result.ok) {
      navigate(paths.backstage, { replace: true })
      setState({ status: 'comic', home: result.value, busy: false })
    } else if (result.status === 400) setState({ status: 'linkUnusable' })
    else setState({ status: 'offered', token, notice: result.message })
  }
  const withdraw = async (signupId: number) => {
    if (state.status !== 'comic') return
    setState({ ...state, busy: true, notice: undefined, error: undefined })
    const result = await withdrawOwnSignup(signupId, state.home.csrfToken)
    if (result.ok) {
      setState({ status: 'comic', home: result.value, busy: false, notice: texts.withdrawDone })
    } else if (result.status === 401) setState({ status: 'signedOut' })
    else setState({ ...state, busy: false, error: result.message })
  }
  const signOut = async (csrfToken: string) => {
    await signOutBackstage(csrfToken)
    setState({ status: 'signedOut', notice: texts.signedOut })
  }

  return (
    <SiteLayout>
      <div className="backstage-page">
        <h1>
          {state.status === 'comic' ? texts.headingFor(state.home.comic.name) : texts.heading}
        </h1>
        {state.status === 'comic' && (
          <>
            {state.notice && (
              <p className="alert alert-success" role="status">
                {state.notice}
              </p>
            )}
            {state.error && <ErrorAlert message={state.error} />}
            <BackstageView
              home={state.home}
              busy={state.busy}
              onWithdraw={(id) => void withdraw(id)}
              onSaved={(home) => setState({ status: 'comic', home, busy: false })}
            />
            <div>
              <button
                type="button"
                className="button button-secondary"
                onClick={() => void signOut(state.home.csrfToken)}
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
            className="backstage-card"
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
            ask={askBackstageLink}
            refusal={refuseEmptyEmail}
            again={state.status === 'linkUnusable'}
            className="backstage-card"
          />
        )}
      </div>
    </SiteLayout>
  )
}
