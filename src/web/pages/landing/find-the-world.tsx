import { landingAnchors } from '../../../shared/pages'
import { siteConfig } from '../../../shared/site-config'
import { fillSlots } from '../../components/fill-slots'
import { RedeemGuide } from '../../components/redeem-guide'
import { landingTexts } from './landing-texts'

/**
 * How to get to the club in the virtual-world app (docs/product.md, "Routes and screens"), and
 * from a code to a boost once there: the same guide as the success page's.
 */
export function FindTheWorld() {
  const { worldApp, worldName, worldCreator } = siteConfig
  return (
    <section
      className="landing-section find-world"
      id={landingAnchors.findWorld}
      aria-labelledby="find-world-heading"
    >
      <h2 className="section-title" id="find-world-heading">
        Find the club in {worldApp}
      </h2>
      <ol className="steps">
        <li>{landingTexts.findWorld.open}</li>
        <li>{fillSlots(landingTexts.findWorld.search, { world: <strong>{worldName}</strong> })}</li>
        <li>
          {fillSlots(landingTexts.findWorld.pick, { creator: <strong>{worldCreator}</strong> })}
        </li>
        <li>{landingTexts.findWorld.seat}</li>
        <li>{landingTexts.findWorld.laugh}</li>
      </ol>
      <RedeemGuide headingLevel={3} />
    </section>
  )
}
