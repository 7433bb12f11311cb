import type { ReactNode } from 'react'
import { kioskPicture, redeemTexts, worldLinkedAttribute, worldPath } from '../../shared/world'
import { useHydrated } from './use-hydrated'
import './redeem-guide.css'

/**
 * "Open the world in VRChat": a link to the site's /world, which the server answers only when
 * VRCHAT_WORLD_ID is set and tells on <html> (server/plugins/settings-on-pages.ts). Rendered
 * only then, once the page runs: pages are built once whatever the setting, and a link rendered
 * without a world would lead crawlers to a 404.
 */
export function OpenWorldLink() {
  const hydrated = useHydrated()
  if (!hydrated || !document.documentElement.hasAttribute(worldLinkedAttribute)) return null
  return (
    <a className="button open-world-link" href={worldPath}>
      {redeemTexts.openWorld}
    </a>
  )
}

/**
 * From a code to a boost: the setting every fan needs first, the kiosk's picture and the three
 * steps (src/shared/world.ts). `headingLevel` fits the page's outline; `extra` is a page's own
 * last words under the steps (the success page's anonymous gift).
 */
export function RedeemGuide({
  headingLevel = 2,
  extra,
}: {
  headingLevel?: 2 | 3
  extra?: ReactNode
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <div className="redeem-guide">
      <section className="redeem-untrusted" aria-labelledby="redeem-untrusted-heading">
        <Heading id="redeem-untrusted-heading">{redeemTexts.untrustedHeading}</Heading>
        <p>{redeemTexts.untrusted}</p>
      </section>
      <section className="redeem-steps" aria-labelledby="redeem-steps-heading">
        <Heading id="redeem-steps-heading">{redeemTexts.stepsHeading}</Heading>
        <img
          className="redeem-kiosk"
          src={kioskPicture.src}
          width={kioskPicture.width}
          height={kioskPicture.height}
          alt={redeemTexts.kioskAlt}
          loading="lazy"
          decoding="async"
        />
        <ol>
          {redeemTexts.steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        {extra}
      </section>
      <p className="redeem-open-world">
        <OpenWorldLink />
      </p>
    </div>
  )
}
