import { siteConfig } from '../../../shared/site-config'

const { worldName, worldApp } = siteConfig

/**
 * The landing page's sentences (docs/product.md, "Routes and screens"). A `{name}` slot is an
 * element the screen puts in (fillSlots): a link, a name in bold.
 */
export const landingTexts = {
  itemsLead:
    'Rewards, boosts and memberships from the store, redeemed live at the kiosk in the world.',
  videoTitle: 'Buy. Redeem. Boost.',
  /** A membership's slide while memberships are open (MEMBERSHIPS=open); closed: "Coming Soon". */
  join: 'Join',
  nextShow: 'Next show',
  /** The hero's label on a show's day (Central time), instead of "Next show". */
  tonight: 'Tonight',
  /** Before the comic's name (a link to their page), while the show runs. */
  onStageNow: 'On stage now:',
  /** The hero's second action on a show's day: to the steps into the world. */
  howToJoin: `How to join in ${worldApp}`,
  scheduleFeed: 'Never miss a show: {subscribe} or {open}.',
  liveNow: 'Live now!',
  /** A show run as an open mic: its page, where comics sign up and see the running order. */
  openMicSignUp: 'Open mic: sign up for a spot',
  openMicRunningOrder: 'Open mic: see the running order',
  /** Where the gifts will be, until the first one. */
  giftsWaiting: 'The gifts fans give at the kiosk tonight appear here.',
  about: {
    show: (showTimes: string) =>
      `Real comics, real crowds, virtual club. ${showTimes} the lights go down at ${worldName} in ${worldApp}. Heckle kindly, laugh loudly, and boost your favourite set from the kiosk.`,
    services:
      "Our virtual-reality services business builds worlds, runs live events and makes avatars that don't clip through the stage. {visit}.",
    workshops:
      'Write tighter, land harder: group workshops on joke writing, crowd work and performing to a room full of avatars.',
    openMics:
      'Got five minutes? Take the stage at our open mic nights. Open mic is 18+ only: adult material, adult audience, no exceptions.',
    privateShows:
      'Birthdays, team nights, guild parties: book a private show in our club or in your own world. {ask}.',
    lessons:
      'One-on-one comedy lessons with working comics: from your first open mic to your first headline set, at your pace.',
  },
  findWorld: {
    open: `Open ${worldApp} on your headset or desktop and sign in.`,
    search: 'Open the Worlds menu and search for {world}.',
    pick: 'Pick the world made by {creator}, then press Go (or drop a portal and bring your friends).',
    seat: 'Grab a seat before the show starts; the kiosk for your codes is by the bar.',
    laugh: 'Laugh, boost your favourite comic, repeat.',
  },
} as const
