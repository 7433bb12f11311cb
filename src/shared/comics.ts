import type { ComicValues, comicFields } from './comic-fields'
import { comicLimits } from './comic-limits'
import type { Link, PublicValues } from './entity-fields'

/**
 * The comics (docs/comics.md): the roster, a show's lineup and who is on stage, as the server,
 * the console, the command line and the fans' pages share them. Their sentences are in
 * comic-texts.ts.
 */

/** A comic's place on a show's bill, in the order a host writes them. */
export const comicRoles = ['host', 'feature', 'headliner', 'open-mic'] as const
export type ComicRole = (typeof comicRoles)[number]

/** How each role reads on a page: "Host/MC", "Headliner"... */
export const comicRoleWords: Record<ComicRole, string> = {
  host: 'Host/MC',
  feature: 'Feature',
  headliner: 'Headliner',
  'open-mic': 'Open mic',
}

// Its own module, so shared/comic-fields.ts reads the limits without importing this one.
export { comicLimits }

/** "sam-stone": lower-case letters and digits, single dashes between. */
export const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/**
 * The slug a stage name suggests: "Sam O'Neil & Co." → "sam-oneil-co"; with `suffix` ("-2"),
 * the name's part is cut so the whole stays within the slug's maximum: every slug is made here.
 */
export function slugFromName(name: string, suffix = ''): string {
  return `${name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, comicLimits.slugMax - suffix.length)
    .replace(/-+$/, '')}${suffix}`
}

/** A comic's public page. */
export const comicPagePrefix = '/comics/'
export function comicPath(slug: string): string {
  return `${comicPagePrefix}${encodeURIComponent(slug)}`
}

export type ComicLink = Link

/**
 * What anyone may see of a comic: their public fields (shared/comic-fields.ts), the VRChat name
 * '' unless it is public, never the payout address.
 */
export interface ComicPublic extends PublicValues<typeof comicFields> {
  id: string
  /** The picture's URL on this site, or null. */
  pictureUrl: string | null
}

/**
 * The comic on stage as every screen shows them (the stream's `onstage`, GET /api/live, the
 * overlay, the board and the stage's panel): a few public fields, never the payout address.
 */
export type StageComic = Pick<ComicPublic, 'id' | 'slug' | 'name' | 'vrchatName' | 'pictureUrl'>

/** Who is on stage now, and since when (ISO-8601 UTC): GET /api/live's `onStage`. */
export interface OnStage extends StageComic {
  startedAt: string
}

/**
 * A grant while nobody is on stage goes to the show's pot, shared by the night's comics: every
 * screen says so in these words, the kiosk first ("+5 boosts for tonight's comics!").
 */
export const potWords = { forWhom: "tonight's comics" } as const

/** A comic's public fields as the screens show who is on stage. */
export function toStageComic(comic: ComicPublic): StageComic {
  const { id, slug, name, vrchatName, pictureUrl } = comic
  return { id, slug, name, vrchatName, pictureUrl }
}

/** "On stage: Sam": the overlay's lower third, the landing page's banner, the board. */
export const onStageWords = {
  label: 'On stage',
  line: (name: string) => `On stage: ${name}`,
} as const

/** What the host sees of a comic on the roster: every field, the VRChat name whether public or not. */
export interface ComicView extends ComicValues {
  id: string
  pictureUrl: string | null
  archived: boolean
  /** The host locked the comic's own edits of their page. */
  locked: boolean
  createdAt: string
  updatedAt: string
}

/** A comic's place on a show's bill. */
export interface LineupEntry {
  position: number
  role: ComicRole
  setMinutes: number
  comic: ComicPublic
}

export interface LineupView {
  showId: string
  showName: string
  startsAt: string
  entries: LineupEntry[]
}

/** A comic on stage: from when (and until when, once they are off). */
export interface SetView {
  id: number
  showId: string
  comic: ComicPublic
  startedAt: string
  endedAt: string | null
}

/**
 * Who is on stage at a show, and who the lineup has next: what the console's big control and
 * the command line show. `onStage` null: nobody (before the show, or an intermission).
 */
export interface StageView {
  showId: string
  showName: string
  startsAt: string
  onStage: SetView | null
  /** The next comic in running order after the one on stage (the first when nobody has been on). */
  next: ComicPublic | null
  lineup: LineupEntry[]
}

export interface StageChange {
  /** False when the stage was already as asked (a double tap): nothing was recorded. */
  changed: boolean
  stage: StageView
}

/** Where a comic's picture is served, cached forever: a new upload gets a new id. */
export const comicPicturePrefix = '/media/comics/'
export function comicPictureUrl(pictureId: string): string {
  return `${comicPicturePrefix}${pictureId}.webp`
}
