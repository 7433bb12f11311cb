import { useEffect } from 'react'
import { Link } from 'wouter'
import type { SessionResponse } from '../../../shared/checkout'
import { formatCode } from '../../../shared/code-format'
import { paths } from '../../../shared/pages'
import { texts } from '../../../shared/texts'
import { useSessionCodes } from '../../api/get-session'
import { fillSlots } from '../../components/fill-slots'
import { SiteLayout } from '../../components/layout/site-layout'
import { LostCodesForm } from '../../components/lost-codes-form/lost-codes-form'
import { Progress } from '../../components/progress'
import { RedeemGuide } from '../../components/redeem-guide'
import { useSearchParams } from '../../components/transition-router'
import { clearSavedCart } from '../store/cart-storage'
import { NoEmailWarning, OrderSummary } from './order-summary'
import { PurchaseCodeCard } from './purchase-code-card'
import { ShowCard } from './show-card'
import './success.css'
import { successTexts } from './success-texts'

function BackLinks() {
  return (
    <nav className="success-links" aria-label="Leave this page">
      <Link to={paths.store} className="button button-secondary">
        {texts.backToStore}
      </Link>
      <Link to={paths.home} className="button button-secondary">
        {texts.backToHome}
      </Link>
    </nav>
  )
}

function CodesView({ session }: { session: SessionResponse }) {
  const example = formatCode(session.codes[0]?.code ?? 'ABCDE-FGHJK')
  return (
    <section className="success-view" aria-labelledby="success-heading">
      <h1 id="success-heading">Thank you! Your codes are ready</h1>
      <ShowCard show={session.show} />
      {session.order && !session.order.emailed ? <NoEmailWarning sessionId={session.id} /> : null}
      <ul className="success-codes">
        {session.codes.map((code) => (
          // Codes are unique in the database, so the code itself is a stable key.
          <PurchaseCodeCard key={code.code} code={code} sessionId={session.id} />
        ))}
      </ul>
      {session.order ? <OrderSummary order={session.order} /> : null}
      <section className="success-redeem card" aria-label="How to redeem at the kiosk">
        <RedeemGuide
          extra={
            <p>
              {fillSlots(successTexts.redeemAnonymous, {
                example: <code className="success-inline-code">{example}0</code>,
              })}
            </p>
          }
        />
        <p>{successTexts.validity}</p>
      </section>
      <BackLinks />
    </section>
  )
}

/** /success?session_id=...: waits for the purchase's codes and shows them (docs/product.md, "Routes and screens"). */
export function SuccessPage() {
  const [searchParams] = useSearchParams()
  const sessionId = searchParams.get('session_id')?.trim() || null
  const state = useSessionCodes(sessionId)

  useEffect(() => {
    // The purchase is done once its codes are on screen: start the next visit with an empty cart.
    if (state.status === 'ready') clearSavedCart()
  }, [state.status])

  return (
    <SiteLayout>
      <div className="success-page">
        {state.status === 'ready' ? (
          <CodesView session={state.session} />
        ) : state.status === 'ended' ? (
          // Refunded, disputed or expired unpaid: said once, and no codes to look for in the mail.
          <section className="success-status" aria-labelledby="success-heading">
            <h1 id="success-heading">{successTexts.endedHeading}</h1>
            <p className="alert" role="status">
              {state.message}
            </p>
            <BackLinks />
          </section>
        ) : state.status === 'failed' ? (
          <section className="success-status" aria-labelledby="success-heading">
            <h1 id="success-heading">{texts.successErrorHeading}</h1>
            <p className="alert alert-error" role="alert">
              {state.message}
            </p>
            <p>{texts.successErrorAdvice}</p>
            <BackLinks />
            <LostCodesForm />
          </section>
        ) : (
          <section className="success-status" aria-labelledby="success-heading">
            {/* No way out while the codes are being made: the fan waits for them
                (docs/product.md, "`/success`"). */}
            <h1 id="success-heading">{texts.loadingPurchase}</h1>
            <Progress>{state.progress}</Progress>
          </section>
        )}
      </div>
    </SiteLayout>
  )
}
