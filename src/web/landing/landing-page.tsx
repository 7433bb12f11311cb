import { useEffect } from 'react'
import { siteConfig } from '../../shared/site-config'
import { ContactForm } from '../contact/contact-form'
import { SiteLayout } from '../layout/site-layout'
import { AboutCarousel } from './about-carousel'
import { EventsJsonLd } from './events-json-ld'
import { FindTheWorld } from './find-the-world'
import { Hero } from './hero'
import { HowItWorksVideo } from './how-it-works-video'
import { ItemCarousel } from './item-carousel'
import { LiveNow } from './live-now'
import { NextShow } from './next-show'
import { useSchedule } from './schedule-api'
import { ScheduleList } from './schedule-list'
import './landing.css'

export const landingTitle = `${siteConfig.brand}: live stand-up comedy in virtual reality`

/** The landing page (/), its sections in the order of spec section 2. */
export function LandingPage() {
  const events = useSchedule()
  useEffect(() => {
    document.title = landingTitle
  }, [])

  return (
    <SiteLayout>
      <div className="landing">
        <LiveNow />
        <Hero />
        <ItemCarousel />
        <ScheduleList events={events} />
        <NextShow />
        <AboutCarousel />
        <HowItWorksVideo />
        <FindTheWorld />
        <ContactForm variant="landing" />
        <EventsJsonLd events={events} />
      </div>
    </SiteLayout>
  )
}
