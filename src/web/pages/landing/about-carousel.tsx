import type { ReactNode } from 'react'
import { limits } from '../../../shared/limits'
import { landingAnchors } from '../../../shared/pages'
import { siteConfig } from '../../../shared/site-config'
import { Carousel } from '../../components/carousel/carousel'
import { regularShowsSummary } from './show-time-label'

interface AboutSlide {
  key: string
  title: string
  body: ReactNode
}

const aboutSlides: readonly AboutSlide[] = [
  {
    key: 'show',
    title: 'The show',
    body: (
      <>
        Real comics, real crowds, virtual club. {regularShowsSummary()} the lights go down at{' '}
        {siteConfig.worldName} in {siteConfig.worldApp}. Heckle kindly, laugh loudly, and boost your
        favourite set from the kiosk.
      </>
    ),
  },
  {
    key: 'analysis-app',
    title: siteConfig.analysisApp.name,
    body: (
      <>
        {siteConfig.analysisApp.blurb}{' '}
        <a href={siteConfig.analysisApp.url}>Try {siteConfig.analysisApp.name}</a>.
      </>
    ),
  },
  {
    key: 'services',
    title: siteConfig.servicesBusiness.name,
    body: (
      <>
        Our virtual-reality services business builds worlds, runs live events and makes avatars that
        don't clip through the stage.{' '}
        <a href={siteConfig.servicesBusiness.url}>Visit {siteConfig.servicesBusiness.name}</a>.
      </>
    ),
  },
  {
    key: 'workshops',
    title: 'Workshops',
    body: (
      <>
        Write tighter, land harder: group workshops on joke writing, crowd work and performing to a
        room full of avatars.
      </>
    ),
  },
  {
    key: 'open-mics',
    title: 'Open mics (18+ only)',
    body: (
      <>
        Got five minutes? Take the stage at our open mic nights. Open mic is 18+ only: adult
        material, adult audience, no exceptions.
      </>
    ),
  },
  {
    key: 'private-shows',
    title: 'Private shows',
    body: (
      <>
        Birthdays, team nights, guild parties: book a private show in our club or in your own world.{' '}
        <a href={`#${landingAnchors.contact}`}>Ask us about a date</a>.
      </>
    ),
  },
  {
    key: 'lessons',
    title: 'Lessons',
    body: (
      <>
        One-on-one comedy lessons with working comics: from your first open mic to your first
        headline set, at your pace.
      </>
    ),
  },
]

/** What else we do, in slides that change every 8 seconds (docs/product.md, "Routes and screens"). */
export function AboutCarousel() {
  const slides = aboutSlides.map((slide) => ({
    key: slide.key,
    content: (
      <article className="about-slide card">
        <h3>{slide.title}</h3>
        <p>{slide.body}</p>
      </article>
    ),
  }))
  return (
    <section
      id={landingAnchors.about}
      className="landing-section about"
      aria-labelledby="about-heading"
    >
      <h2 className="section-title" id="about-heading">
        About
      </h2>
      {/* Its own name: "About" would repeat the section's, and landmarks need unique names. */}
      <Carousel
        label="What we do"
        slides={slides}
        intervalMs={limits.aboutCarouselMs}
        layout="single"
      />
    </section>
  )
}
