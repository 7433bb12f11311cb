import { landingAnchors } from '../../../shared/pages'
import { siteConfig } from '../../../shared/site-config'

/** How to get to the club in the virtual-world app (docs/product.md, "Routes and screens"). */
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
        <li>Open {worldApp} on your headset or desktop and sign in.</li>
        <li>
          Open the Worlds menu and search for <strong>{worldName}</strong>.
        </li>
        <li>
          Pick the world made by <strong>{worldCreator}</strong>, then press Go (or drop a portal
          and bring your friends).
        </li>
        <li>Grab a seat before the show starts; the kiosk for your codes is by the bar.</li>
        <li>Laugh, boost your favourite comic, repeat.</li>
      </ol>
    </section>
  )
}
