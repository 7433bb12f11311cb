import { type ComicRole, comicRoles } from './comics'
import type { PageHead } from './page-head'
import { showPath } from './schedule'
import { formatCentral } from './show-time'
import { siteConfig } from './site-config'

/**
 * A show's own page, /shows/<id> (docs/decisions/048-a-page-for-every-show.md): what the server renders it with, its head and its
 * JSON-LD Event. Every place that names a show links here (showPath).
 */

/** The id of the script element that carries the page's data (ShowPageData). */
export const showDataId = 'show-data'

/** The id of the "Remind me" place on the page: reminders fill it (RemindMe). */
export const remindAnchor = 'remind'

/** Where "Remind me" leads: the reminders' own page for this show. */
export function remindPath(showId: string): string {
  return `/remind?show=${encodeURIComponent(showId)}`
}

/** The show's own card, 1200×630: its link preview's picture (og:image). */
export function showCardPath(showId: string): string {
  return `${showPath(showId)}/card.png`
}
export const showCardSize = { width: 1200, height: 630 } as const

/** A comic on the show's bill, with their picture and page. */
export interface ShowLineupComic {
  name: string
  slug: string
  role: ComicRole
  /** The comic's page: /comics/<slug>. */
  url: string
  pictureUrl: string | null
}

/** Another show the page points to (a past show points to the next). */
export interface ShowRef {
  id: string
  name: string
  startTime: string
}

/** Where a show stands at the time its page was rendered. */
export type ShowPhase = 'upcoming' | 'on' | 'over'

export interface ShowPageShow extends ShowRef {
  description: string
}

/**
 * The show, its bill, its open mic, where it stands, who is on stage while it runs, whether the
 * store sells codes for it now, and the next show; or, for a removed show, only that it is gone
 * and the next show.
 */
export type ShowPageData =
  | {
      state: 'found'
      show: ShowPageShow
      phase: ShowPhase
      lineup: ShowLineupComic[]
      /** A show run as an open mic: its page, and whether it takes sign-ups now. */
      openMic: { url: string; open: boolean } | null
      /** While the show is on: the comic on stage. */
      onStage: { name: string; url: string } | null
      /** The store's codes are for the show on now or next: true when that is this show. */
      onSale: boolean
      next: ShowRef | null
    }
  | { state: 'gone'; id: string; next: ShowRef | null }

/** Its words. */
export const showPageTexts = {
  title: (name: string, when: string) => `${name}, ${when} · ${siteConfig.brand}`,
  description: (name: string, when: string, comics: string) =>
    `${name} at ${siteConfig.brand}, live stand-up comedy in virtual reality: ${when}.${comics}`,
  descriptionComics: (names: readonly string[]) => ` With ${names.join(', ')}.`,
  goneTitle: `This show is off the schedule · ${siteConfig.brand}`,
  goneDescription: `This show was taken off the schedule of ${siteConfig.brand}.`,
  goneHeading: 'This show is off the schedule',
  goneLead:
    'It was taken off the schedule. The next show is below, and every show is on the schedule.',
  overHeading: 'This show is over',
  overLead: 'Thanks to everyone who came. The next show:',
  onNow: 'On now',
  onStage: (name: string) => `On stage: ${name}`,
  lineupHeading: 'Lineup',
  noLineup: 'The lineup is announced before the show.',
  openMicHeading: 'Open mic',
  openMicLead: 'This show is an open mic: comics sign up for a short set on its page.',
  openMicSignUp: 'Sign up for the open mic',
  openMicList: 'See the running order',
  buyHeading: 'Back the comics',
  buyOnSale:
    'Codes bought now are for this show: redeem them at the kiosk in the world while it runs.',
  buyLater:
    'The store sells codes for the next show: codes for this one go on sale when the show before it ends.',
  buyLink: 'Buy boosts and rewards',
  addToCalendar: 'Add to calendar',
  share: 'Share',
  shared: 'Link copied',
  remindMe: 'Remind me',
  nextShow: 'Next show',
  schedule: 'Every show on the schedule',
  cardAlt: (name: string, when: string) => `${name}, ${when}, at ${siteConfig.brand}`,
} as const

/** The head of the page (src/shared/page-head.ts): the show's own title, description and card. */
export function showPageHead(data: ShowPageData): PageHead {
  if (data.state === 'gone') {
    return {
      url: showPath(data.id),
      title: showPageTexts.goneTitle,
      description: showPageTexts.goneDescription,
      noindex: true,
    }
  }
  const { show } = data
  const when = formatCentral(new Date(show.startTime))
  const comics =
    data.lineup.length > 0
      ? showPageTexts.descriptionComics(data.lineup.map((comic) => comic.name))
      : ''
  return {
    url: showPath(show.id),
    title: showPageTexts.title(show.name, when),
    description: showPageTexts.description(show.name, when, comics),
    image: {
      url: showCardPath(show.id),
      ...showCardSize,
      alt: showPageTexts.cardAlt(show.name, when),
    },
    wideImage: true,
  }
}

const isRef = (value: unknown): value is ShowRef => {
  if (typeof value !== 'object' || value === null) return false
  const ref = value as Partial<Record<string, unknown>>
  return (
    typeof ref.id === 'string' && typeof ref.name === 'string' && typeof ref.startTime === 'string'
  )
}

/** The page's data as the server put it in the HTML, or null when it is not that. */
export function readShowPageData(value: unknown): ShowPageData | null {
  if (typeof value !== 'object' || value === null) return null
  const data = value as Partial<Record<string, unknown>>
  const next = data.next === null || isRef(data.next)
  if (data.state === 'gone')
    return typeof data.id === 'string' && next ? (value as ShowPageData) : null
  if (data.state !== 'found' || !Array.isArray(data.lineup) || !next) return null
  const fine =
    isRef(data.show) &&
    typeof (data.show as Partial<ShowPageShow>).description === 'string' &&
    ['upcoming', 'on', 'over'].includes(data.phase as string) &&
    typeof data.onSale === 'boolean' &&
    data.lineup.every(
      (comic: Partial<ShowLineupComic>) =>
        typeof comic.name === 'string' &&
        typeof comic.url === 'string' &&
        comicRoles.includes(comic.role as ComicRole),
    )
  return fine ? (value as ShowPageData) : null
}
