import { ContactForm } from '../../components/contact-form/contact-form'
import { SiteLayout } from '../../components/layout/site-layout'
import { AboutCarousel } from './about-carousel'
import { FindTheWorld } from './find-the-world'
import { Hero } from './hero'
import { HowItWorksVideo } from './how-it-works-video'
import { ItemCarousel } from './item-carousel'
import { LiveNow } from './live-now'
import { NextShow } from './next-show'
import { useSchedule } from './schedule-data'
import { ScheduleList } from './schedule-list'
import './landing.css'

/** The landing page (/), its sections in the order of (docs/product.md, "Routes and screens"). */
export function LandingPage() {
  const schedule = useSchedule()

  return (
    <SiteLayout>
      <div className="landing">
        <LiveNow />
        <Hero events={schedule.events} />
        <ItemCarousel />
        <ScheduleList events={schedule.events} readAt={schedule.at} />
        <NextShow events={schedule.events} />
        <AboutCarousel />
        <HowItWorksVideo />
        <FindTheWorld />
        <ContactForm variant="landing" />
      </div>
    </SiteLayout>
  )
}
