import { ContactForm } from '../../components/contact-form/contact-form'
import { Deferred } from '../../components/deferred'
import { SiteLayout } from '../../components/layout/site-layout'
import { AboutCarousel } from './about-carousel'
import { FindTheWorld } from './find-the-world'
import { Hero } from './hero'
import { HowItWorksVideo } from './how-it-works-video'
import { ItemCarousel } from './item-carousel'
import { LiveNowBanner, useLiveFeed } from './live-now'
import { NextShow } from './next-show'
import { useSchedule } from './schedule-data'
import { ScheduleList } from './schedule-list'
import './landing.css'

const landingContact = { variant: 'landing' } as const

/** The landing page (/), its sections in the order of (docs/product.md, "Routes and screens"). */
export function LandingPage() {
  const schedule = useSchedule()
  // One feed for both: the hero names who is on stage, the banner below counts the gifts.
  const feed = useLiveFeed()

  return (
    <SiteLayout>
      <div className="landing">
        <Hero events={schedule.events} readAt={schedule.at} feed={feed} />
        <LiveNowBanner events={schedule.events} readAt={schedule.at} feed={feed} />
        {/* Below the fold: hydrated as the fan comes near it (components/deferred.tsx). */}
        <Deferred id="landing-items" part={ItemCarousel} />
        <Deferred
          id="landing-schedule"
          part={ScheduleList}
          props={{ events: schedule.events, readAt: schedule.at }}
        />
        <Deferred id="landing-next-show" part={NextShow} props={{ events: schedule.events }} />
        <Deferred id="landing-about" part={AboutCarousel} />
        <Deferred id="landing-video" part={HowItWorksVideo} />
        <Deferred id="landing-find-world" part={FindTheWorld} />
        <Deferred id="landing-contact" part={ContactForm} props={landingContact} />
      </div>
    </SiteLayout>
  )
}
