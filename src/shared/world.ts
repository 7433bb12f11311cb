import { siteConfig } from './site-config'

const { worldName, worldApp } = siteConfig

/**
 * Getting from a code to a boost in the world (docs/kiosk.md, "For fans"): the setting every fan
 * needs once, the three steps at the kiosk, and the link that opens the world. One text for the
 * success page, the landing page's "find the world" section and the codes mail.
 */

/** A VRChat world id, as the world's page shows it: wrld_ and a UUID. */
export const worldIdPattern = /^wrld_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/**
 * The site's own address of the world (VRCHAT_WORLD_ID set): it sends the fan on to VRChat's
 * launch page, so pages built once link to it whatever the setting, and show it only when set.
 */
export const worldPath = '/world'

/** The attribute on a page's <html> that says the world's link works (VRCHAT_WORLD_ID set). */
export const worldLinkedAttribute = 'data-world'

/** VRChat's own page that opens the world in the app ("Launch world"). */
export function worldLaunchUrl(worldId: string): string {
  return `https://vrchat.com/home/launch?worldId=${encodeURIComponent(worldId)}`
}

/** The kiosk's picture, in public/ (the world's kiosk as drawn for fans). */
export const kioskPicture = { src: '/images/kiosk.svg', width: 480, height: 300 } as const

export const redeemTexts = {
  openWorld: `Open the world in ${worldApp}`,
  untrustedHeading: 'Before your first code: allow untrusted URLs',
  untrusted: `In ${worldApp}, open Settings, then Comfort & Safety, and turn on "Allow Untrusted URLs". This site is not on ${worldApp}'s list of trusted sites, so without it the kiosk cannot check your code. You do it once.`,
  stepsHeading: 'Redeem in three steps',
  steps: [
    `Join ${worldName} in ${worldApp} during the show.`,
    'Walk up to the kiosk by the bar and point at its code field: the address ending in /k/ is already there.',
    'Type your code after /k/ and press Redeem. Dashes, spaces and capitals do not matter; the panel says what your code gave.',
  ],
  kioskAlt:
    'The kiosk in the club: a screen with the code field ending in /k/, the Redeem button below it, and the panel that answers.',
} as const
