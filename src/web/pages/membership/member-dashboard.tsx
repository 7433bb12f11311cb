import { useState } from 'react'
import { type MemberView, memberPageTexts, tonightSentence } from '../../../shared/member-page'
import { billingUrl, signOutMember } from '../../api/membership-calls'
import { ErrorAlert } from '../../components/error-alert'
import { JokesSection } from './jokes-section'
import { MemberCodeCard } from './member-code-card'
import { StageWordsSection } from './stage-words-section'

type Busy = { status: 'idle' | 'billing' | 'signingOut' } | { status: 'failed'; message: string }

/** Where the membership stands: tier, status, dates, boosts left and tonight's show. */
function Summary({ view }: { view: MemberView }) {
  return (
    <section className="membership-summary card" aria-labelledby="membership-summary-heading">
      <h2 id="membership-summary-heading" className="membership-card-heading">
        {view.tierName}
      </h2>
      <dl className="membership-facts">
        <div>
          <dt>{memberPageTexts.status}</dt>
          <dd data-member-status>{view.status}</dd>
        </div>
        {view.dateLine && (
          <div>
            <dt>{memberPageTexts.renewal}</dt>
            <dd data-member-dates>
              {view.dateLine}
              {view.nextTierName && <> · then {view.nextTierName}</>}
            </dd>
          </div>
        )}
        <div>
          <dt>{memberPageTexts.boostsLeft}</dt>
          <dd data-boosts-left>
            <strong className="membership-big">{view.boostsLeft}</strong> of {view.monthlyBoosts} (
            {view.boostsPerShow} at each show)
          </dd>
        </div>
        <div>
          <dt>{memberPageTexts.tonight}</dt>
          <dd data-tonight>
            {view.tonight
              ? tonightSentence(view.tonight, view.boostsPerShow)
              : memberPageTexts.noShowToday}
          </dd>
        </div>
      </dl>
    </section>
  )
}

/**
 * The signed-in member's page: the summary, the member code, the jokes for the host, billing and
 * "Sign out". Every change answers with the whole view, which replaces the one shown.
 */
export function MemberDashboard({
  view,
  onChange,
  onSignedOut,
}: {
  view: MemberView
  onChange: (view: MemberView) => void
  onSignedOut: (notice: string) => void
}) {
  const [busy, setBusy] = useState<Busy>({ status: 'idle' })

  const manageBilling = async () => {
    setBusy({ status: 'billing' })
    const result = await billingUrl(view.csrfToken)
    if (result.ok) window.location.assign(result.value.url)
    else setBusy({ status: 'failed', message: result.message })
  }
  const signOut = async () => {
    setBusy({ status: 'signingOut' })
    const result = await signOutMember(view.csrfToken)
    if (result.ok || result.status === 401) onSignedOut(memberPageTexts.signedOut)
    else setBusy({ status: 'failed', message: result.message })
  }

  return (
    <section className="membership-view" aria-labelledby="membership-heading">
      <div className="membership-title">
        <h1 id="membership-heading">{memberPageTexts.heading}</h1>
        <p className="muted">{view.email}</p>
      </div>
      <Summary view={view} />
      <MemberCodeCard view={view} onChange={onChange} />
      <StageWordsSection view={view} onChange={onChange} />
      <JokesSection view={view} onChange={onChange} />
      <section className="membership-billing card" aria-labelledby="membership-billing-heading">
        <h2 id="membership-billing-heading" className="membership-card-heading">
          {memberPageTexts.billingHeading}
        </h2>
        {view.billing ? (
          <>
            <p>{memberPageTexts.billingHint}</p>
            <button
              type="button"
              className="button"
              disabled={busy.status === 'billing'}
              onClick={() => void manageBilling()}
            >
              {busy.status === 'billing'
                ? memberPageTexts.openingBilling
                : memberPageTexts.manageBilling}
            </button>
          </>
        ) : (
          <p>{memberPageTexts.billingUnavailable}</p>
        )}
      </section>
      <div className="membership-sign-out" aria-live="polite">
        {busy.status === 'failed' && <ErrorAlert message={busy.message} />}
        <button
          type="button"
          className="button button-secondary"
          disabled={busy.status === 'signingOut'}
          onClick={() => void signOut()}
        >
          {memberPageTexts.signOut}
        </button>
      </div>
    </section>
  )
}
