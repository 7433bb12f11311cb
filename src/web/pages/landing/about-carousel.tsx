import type { ReactNode } from 'react'
import { limits } from '../../../shared/limits'
import { landingAnchors } from '../../../shared/pages'
import { siteConfig } from '../../../shared/site-config'
import { Carousel } from '../../components/carousel/carousel'
import { fillSlots } from '../../components/fill-slots'
import { landingTexts } from './landing-texts'
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
    body: <>{landingTexts.about.show(regularShowsSummary())}</>,
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
        {fillSlots(landingTexts.about.services, {
          visit: (
            <a href={siteConfig.servicesBusiness.url}>Visit {siteConfig.servicesBusiness.name}</a>
          ),
        })}
      </>
    ),
  },
  {
    key: 'workshops',
    title: 'Workshops',
    body: <>{landingTexts.about.workshops}</>,
  },
  {
    key: 'open-mics',
    title: 'Open mics (18+ only)',
    body: <>{landingTexts.about.openMics}</>,
  },
  {
    key: 'private-shows',
    title: 'Private shows',
    body: (
      <>
        {fillSlots(landingTexts.about.privateShows, {
          ask: <a href={`#${landingAnchors.contact}`}>Ask us about a date</a>,
        })}
      </>
    ),
  },
  {
    key: 'lessons',
    title: 'Lessons',
    body: <>{landingTexts.about.lessons}</>,
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
