import { comicPictureLimits } from './comic-pictures'
import { type ComicPublic, type ComicRole, comicPath, comicRoles } from './comics'
import type { PageHead } from './page-head'
import { siteConfig } from './site-config'

/**
 * A comic's public page, /comics/<slug> (docs/comics.md, "What fans see"): what the server
 * renders it with, its head and its JSON-LD. Never the payout address: ComicPublic has none.
 */

/** The id of the script element that carries the page's data (ComicPageData). */
export const comicDataId = 'comic-data'

/** An upcoming show the comic is on the bill of. */
export interface ComicShow {
  id: string
  name: string
  startTime: string
  role: ComicRole
  /** Where the show is on this site: its open-mic page, or its entry in the schedule. */
  url: string
}

/**
 * The comic and their upcoming shows, and whether they were made from an open-mic sign-up (with
 * no upcoming show, their page says so and stays out of search engines); or, for an archived
 * comic, only that they are gone.
 */
export type ComicPageData =
  | {
      state: 'found'
      comic: ComicPublic
      shows: ComicShow[]
      fromSignup: boolean
      /** On stage now, at a show not ended (a set of theirs not ended). */
      onStage?: boolean
    }
  | { state: 'gone'; slug: string }

/** A comic made from an open-mic sign-up whom no upcoming show has on its lineup. */
export function signedUpOnly(data: ComicPageData): boolean {
  return data.state === 'found' && data.fromSignup && data.shows.length === 0
}

/** The longest description a search result shows in full. */
const descriptionMax = 155

/** Its words: the title, description and heading of a comic's page, and of one that is gone. */
export const comicPageTexts = {
  title: (name: string) => `${name}, stand-up comic · ${siteConfig.brand}`,
  description: (name: string) =>
    `${name} does stand-up live at ${siteConfig.brand}, in virtual reality: their upcoming shows and where to find them.`,
  goneTitle: `This comic has left the bill · ${siteConfig.brand}`,
  goneDescription: `This comic no longer performs at ${siteConfig.brand}.`,
  goneHeading: 'This comic has left the bill',
  goneLead: `They no longer perform at ${siteConfig.brand}. The rest of the comics are on every show of the schedule.`,
  noShows: 'No upcoming show has them on its lineup yet: the schedule has every show.',
  signedUpOnly: (name: string) =>
    `${name} signed up for an open mic at ${siteConfig.brand}. No upcoming show has them on its lineup.`,
  pictureAlt: (name: string) => `${name}, on stage`,
  onStageNow: 'On stage now',
  support: (name: string) => `Support ${name}`,
  supportLine: (name: string) =>
    `Boost codes from the store are for tonight's show. A boost goes to whoever is on stage when its code is redeemed at the kiosk in the world: redeem yours while ${name} is on stage.`,
  share: 'Share this page',
  shared: 'Link copied: paste it anywhere.',
  showLink: (show: string) => `${show}: see the show`,
} as const

/** The page's description: the bio's start when there is one, whole words, at most 155 characters. */
function describe(comic: ComicPublic): string {
  const bio = comic.bio.replace(/\s+/g, ' ').trim()
  if (!bio) return comicPageTexts.description(comic.name)
  if (bio.length <= descriptionMax) return bio
  const cut = bio.slice(0, descriptionMax - 1)
  return `${cut.slice(0, cut.lastIndexOf(' ') > 80 ? cut.lastIndexOf(' ') : cut.length)}…`
}

/** The head of the page (src/shared/page-head.ts): the comic's own title, description, picture. */
export function comicPageHead(data: ComicPageData): PageHead {
  if (data.state === 'gone') {
    return {
      url: comicPath(data.slug),
      title: comicPageTexts.goneTitle,
      description: comicPageTexts.goneDescription,
    }
  }
  const { comic } = data
  const size = comicPictureLimits.size
  return {
    url: comicPath(comic.slug),
    title: comicPageTexts.title(comic.name),
    description: describe(comic),
    type: 'profile',
    noindex: signedUpOnly(data),
    ...(comic.pictureUrl
      ? {
          preloadImage: comic.pictureUrl,
          image: {
            url: comic.pictureUrl,
            width: size,
            height: size,
            alt: comicPageTexts.pictureAlt(comic.name),
          },
        }
      : {}),
  }
}

/** schema.org Person: who the comic is, their page, picture and profiles elsewhere. */
export function comicJsonLd(comic: ComicPublic, origin: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Person',
    name: comic.name,
    url: new URL(comicPath(comic.slug), origin).href,
    ...(comic.pictureUrl ? { image: new URL(comic.pictureUrl, origin).href } : {}),
    ...(comic.bio ? { description: describe(comic) } : {}),
    ...(comic.links.length > 0 ? { sameAs: comic.links.map((link) => link.url) } : {}),
  }
}

/** The page's data as the server put it in the HTML, or null when it is not that. */
export function readComicPageData(value: unknown): ComicPageData | null {
  if (typeof value !== 'object' || value === null) return null
  const data = value as Partial<Record<string, unknown>>
  if (data.state === 'gone')
    return typeof data.slug === 'string' ? { state: 'gone', slug: data.slug } : null
  if (data.state !== 'found' || !Array.isArray(data.shows)) return null
  const comic = data.comic as Partial<ComicPublic> | undefined
  const fine =
    typeof comic?.slug === 'string' &&
    typeof comic.name === 'string' &&
    typeof comic.bio === 'string' &&
    typeof comic.vrchatName === 'string' &&
    Array.isArray(comic.links) &&
    typeof data.fromSignup === 'boolean' &&
    data.shows.every((show: Partial<ComicShow>) => comicRoles.includes(show.role as ComicRole))
  return fine ? (value as ComicPageData) : null
}
