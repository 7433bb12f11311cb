import { limits } from '../../../shared/limits'
import { siteConfig } from '../../../shared/site-config'
import { fillSlots } from '../../components/fill-slots'
import './store-info.css'
import { storeTexts } from './store-texts'

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
          {storeTexts.steps.map((step, index) => (
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
            {fillSlots(storeTexts.anonymousGift, {
              zero: <kbd>0</kbd>,
              code: <code>ABCDE-FGH23</code>,
              anonymous: <code>ABCDE-FGH230</code>,
            })}
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
              {fillSlots(storeTexts.policies.refunds(limits.refundWindowDays), {
                email: <a href={`mailto:${siteConfig.contactEmail}`}>{siteConfig.contactEmail}</a>,
              })}
            </p>
          </section>
          <section className="store-info-policy" aria-labelledby="policy-returns">
            <h3 id="policy-returns">Returns and cancellations</h3>
            <p>{storeTexts.policies.returns}</p>
          </section>
          <section className="store-info-policy" aria-labelledby="policy-codes">
            <h3 id="policy-codes">Codes</h3>
            <p>{storeTexts.policies.codes}</p>
          </section>
          <section className="store-info-policy" aria-labelledby="policy-perks">
            <h3 id="policy-perks">Changes to perks</h3>
            <p>{storeTexts.policies.perks}</p>
          </section>
          <section className="store-info-policy" aria-labelledby="policy-age">
            <h3 id="policy-age">Age</h3>
            <p>{storeTexts.policies.age}</p>
          </section>
          <section className="store-info-policy" aria-labelledby="policy-terms">
            <h3 id="policy-terms">Terms</h3>
            <p>{storeTexts.policies.terms}</p>
          </section>
        </div>
      </section>
    </div>
  )
}
