/** Brand, links and addresses: the one place to change what the site says about itself. */
export const siteConfig = {
  brand: 'Punchline VR',
  tagline: 'Live stand-up comedy, in virtual reality, every Sunday and Tuesday.',
  /** The site's language and region, as Open Graph writes it (og:locale). */
  locale: 'en_US',
  worldName: 'The Punchline Club',
  worldApp: 'VRChat',
  worldCreator: 'PunchlineVR',
  contactEmail: 'contact@punchlinevr.club',
  analysisApp: {
    name: 'SetList Lab',
    url: 'https://setlistlab.app',
    blurb: 'Record a set, see where the laughs land, and tighten every bit.',
  },
  servicesBusiness: {
    name: 'Punchline Studios',
    url: 'https://studios.punchlinevr.club',
  },
  howItWorksVideoId: 'dQw4w9WgXcQ',
  description:
    'Punchline VR is a live stand-up comedy show in a virtual-reality club. See the next show, ' +
    'buy boosts and rewards for the comics, and redeem them live at the kiosk in the world.',
} as const

/**
 * What a regular show says about itself. The first line is the one-line pitch the landing page
 * shows; the rest is for calendar apps and anyone who opens the event.
 */
export const regularShowDescription = `Live stand-up comedy in virtual reality: fresh sets, a real crowd, and boosts for the comics you love.
Find "${siteConfig.worldName}" in ${siteConfig.worldApp} (a world by ${siteConfig.worldCreator}) a few minutes before showtime.
Buy boosts and rewards in the store, then redeem your codes at the kiosk in the world.`
