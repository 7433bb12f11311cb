import { limits } from '../../../shared/limits'
import { siteConfig } from '../../../shared/site-config'
import { texts } from '../../../shared/texts'
import './store-info.css'

const rolloverHours = limits.showRolloverMs / (60 * 60 * 1000)

const steps = [
  {
    title: 'Buy',
    body: 'Add rewards or boosts to your cart and check out with a card on the secure payment page.',
  },
  {
    title: 'Get your codes',
    body: 'Your codes appear on screen as soon as payment goes through, and by email too if you enter an address at checkout.',
  },
  {
    title: 'Redeem at the kiosk',
    body: `Join the show in ${siteConfig.worldName} on ${siteConfig.worldApp}, walk up to the kiosk and enter a code.`,
  },
  {
    title: 'Watch it land',
    body: "Boosts appear on the comic's wrist panel while they are on stage, so they know the room is behind them.",
  },
] as const

/** The store's how-it-works explainer and its info and policies. */
export function StoreInfo() {
  return (
    <div className="store-info">
      <section className="store-info-how" aria-labelledby="store-how-title">
        <p className="eyebrow">From cart to stage</p>
        <h2 id="store-how-title" className="section-title">
          How it works
        </h2>
        <ol className="store-info-steps">
          {steps.map((step, index) => (
            <li key={step.title} className="store-info-step">
              <span className="store-info-step-number" aria-hidden="true">
                {index + 1}
              </span>
              <h3>{step.title}</h3>
              <p>{step.body}</p>
            </li>
          ))}
        </ol>
        <aside className="store-info-gift" aria-labelledby="store-gift-title">
          <h3 id="store-gift-title">Give anonymously</h3>
          <p>
            Add a <kbd>0</kbd> at the end of a code when you enter it at the kiosk, and your gift
            shows up as from an anonymous fan. For example, <code>ABCDE-FGH23</code> becomes{' '}
            <code>ABCDE-FGH230</code>.
          </p>
        </aside>
      </section>

      <section className="store-info-policies" aria-labelledby="store-policies-title">
        <h2 id="store-policies-title" className="section-title">
          Info and policies
        </h2>
        <div className="store-info-policy-grid">
          <section className="store-info-policy" aria-labelledby="policy-refunds">
            <h3 id="policy-refunds">Refunds</h3>
            <p>
              {texts.refundWindow(limits.refundWindowDays)} Write to{' '}
              <a href={`mailto:${siteConfig.contactEmail}`}>{siteConfig.contactEmail}</a> with the
              email or codes from your order.
            </p>
          </section>
          <section className="store-info-policy" aria-labelledby="policy-returns">
            <h3 id="policy-returns">Returns and cancellations</h3>
            <p>
              {texts.salesFinal} Codes are digital and delivered the moment you pay, so an order
              cannot be cancelled once it is placed.
            </p>
          </section>
          <section className="store-info-policy" aria-labelledby="policy-codes">
            <h3 id="policy-codes">Codes</h3>
            <p>
              {texts.codeValidity} The current event is the next show, until {rolloverHours} hours
              after it starts.
            </p>
          </section>
          <section className="store-info-policy" aria-labelledby="policy-perks">
            <h3 id="policy-perks">Changes to perks</h3>
            <p>
              Perks, boosts and what they do in the world may change as the show grows. A code
              always gives what was listed when you bought it, for the event it was bought for.
            </p>
          </section>
          <section className="store-info-policy" aria-labelledby="policy-age">
            <h3 id="policy-age">Age</h3>
            <p>
              {texts.openMic} The shows themselves can get salty: comics are not censored, so use
              your judgement.
            </p>
          </section>
          <section className="store-info-policy" aria-labelledby="policy-terms">
            <h3 id="policy-terms">Terms</h3>
            <p>
              By buying you agree to these policies. Payments are handled by our card processor; we
              never see or store your card number. Your email is used only to send your codes and,
              if you write to us, to answer.
            </p>
          </section>
        </div>
      </section>
    </div>
  )
}
