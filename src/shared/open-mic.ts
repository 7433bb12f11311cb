// zod/mini: the open-mic page's sign-up form carries this schema in the fans' JavaScript.
import * as z from 'zod/mini'
import { isSimpleEmail } from './email'
import { stripHiddenFormatting } from './text'

/**
 * Open mics (docs/comics.md, "Open mics"): a show with slots, a sign-up window and a rule for
 * giving spots; comics sign up on its page, confirm from a mailed link, and the running order is
 * public (stage names and planned times only). The words fans read are here too.
 */

export const openMicRules = ['first-come', 'lottery'] as const
export type OpenMicRule = (typeof openMicRules)[number]

export const signupStates = ['pending', 'confirmed', 'withdrawn'] as const
export type SignupState = (typeof signupStates)[number]

/** Where a confirmed sign-up stands: drawn yet or not (`pool`), a slot, or the waitlist. */
export const openMicLists = ['pool', 'slot', 'waitlist'] as const
export type OpenMicList = (typeof openMicLists)[number]

export const openMicLimits = {
  stageNameMax: 60,
  vrchatNameMax: 60,
  noteMax: 500,
  slotsMax: 40,
  setMinutesMax: 30,
} as const

/** The open-mic page of a show. */
export const openMicPagePrefix = '/open-mic/'
export function openMicPath(showId: string): string {
  return `${openMicPagePrefix}${encodeURIComponent(showId)}`
}
/** Where a mailed link opens, its token after `#` (never sent to a server by a browser). */
export function openMicConfirmPath(showId: string): string {
  return `${openMicPath(showId)}/confirm`
}
export function openMicWithdrawPath(showId: string): string {
  return `${openMicPath(showId)}/withdraw`
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
const C0 = /[\u0000-\u0008\u000b-\u001f\u007f]/g
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
const C0AndBreaks = /[\u0000-\u001f\u007f]/g

/**
 * A name or a note as kept: without control characters (line breaks kept in a note) and without
 * bidirectional overrides, which would make it read otherwise than it was written; trimmed.
 */
export function cleanSignupText(value: string, allowLineBreaks = false): string {
  return stripHiddenFormatting(value.replace(allowLineBreaks ? C0 : C0AndBreaks, ''))
    .replace(/\r\n?/g, '\n')
    .trim()
}

// Lengths are checked once the text is cleaned (core), with a sentence naming the field; this
// only keeps a body from being huge.
const field = z.string().check(z.maxLength(2000))

/** POST /api/open-mic/:show/sign-up. */
export const OpenMicSignupSchema = z.object({
  stageName: field,
  email: z.string().check(z.trim(), z.refine(isSimpleEmail)),
  vrchatName: field,
  note: z.optional(field),
  /** The browser's time zone, for the comic's own time in their mails. */
  timeZone: z.optional(z.string().check(z.maxLength(64))),
  /** "I am 18 or older": required, true. */
  adult: z.optional(z.boolean()),
})
export type OpenMicSignup = z.infer<typeof OpenMicSignupSchema>

/** POST /api/open-mic/confirm and /withdraw: the token from the mailed link. */
export const OpenMicTokenSchema = z.object({ token: z.string().check(z.maxLength(100)) })

/** One place of the public running order: a stage name and a planned time, nothing else. */
export interface RunningOrderEntry {
  position: number
  name: string
  /** ISO-8601 UTC. */
  plannedAt: string
}

/** A lottery's record, public: anyone can run the draw again from the seed and the list before. */
export interface DrawRecord {
  drawnAt: string
  seed: string
  /** Stage names in confirmation order, as the draw took them. */
  before: string[]
  /** The same names in drawn order: the first `slots` took the slots. */
  after: string[]
}

/** What anyone may see of an open mic: on its page and in the schedule API. */
export interface OpenMicPublic {
  showId: string
  showName: string
  startsAt: string
  slots: number
  setMinutes: number
  opensAt: string
  closesAt: string
  rule: OpenMicRule
  drawAt: string | null
  /** Whether the form takes sign-ups now. */
  open: boolean
  runningOrder: RunningOrderEntry[]
  waitlistCount: number
  draw: DrawRecord | null
}

/** The id of the script element carrying the page's data (OpenMicPageData). */
export const openMicDataId = 'open-mic-data'

export type OpenMicPageData = { state: 'found'; openMic: OpenMicPublic } | { state: 'none' }

/** The open-mic page's and sign-up's words. */
export const openMicTexts = {
  heading: (show: string) => `Open mic: ${show}`,
  rules: (slots: number, minutes: number) => `${slots} slots of ${minutes} minutes.`,
  firstCome: 'Spots go first come, first served, in the order sign-ups are confirmed.',
  lottery: (when: string) => `Spots are drawn at random at ${when} from every confirmed sign-up.`,
  window: (opens: string, closes: string) => `Sign-up is open from ${opens} to ${closes}.`,
  notOpen: 'Sign-up is not open now.',
  formHeading: 'Sign up for a spot',
  stageName: 'Stage name',
  email: 'Email',
  vrchatName: 'VRChat display name',
  note: 'A note for the host (optional): new material, clean or not...',
  adult: 'I am 18 or older.',
  submit: 'Sign up',
  sending: 'Sending...',
  sent: 'Check your mail: your sign-up holds once you confirm it from the link we sent.',
  runningOrder: 'Running order',
  noRunningOrder: 'No running order yet.',
  waitlist: (n: number) =>
    n === 1 ? 'One comic is on the waitlist.' : `${n} comics are on the waitlist.`,
  drawHeading: 'The draw',
  drawSeed: (seed: string) => `Seed: ${seed}`,
  drawBefore: 'Before the draw, in confirmation order:',
  drawAfter: 'After the draw:',
  none: 'This show has no open mic.',
  confirmHeading: 'Confirm your sign-up',
  confirmButton: 'Confirm my sign-up',
  withdrawHeading: 'Withdraw from the open mic',
  withdrawButton: 'Withdraw my sign-up',
  badLink: 'This link is not whole: open it again from the mail.',
  // Refusals of the sign-up form.
  notAdult: 'Open mic is for 18+: confirm that you are 18 or older to sign up.',
  badSignup: 'Please give a stage name, a valid email address and your VRChat display name.',
  tooMany: 'Too many sign-ups from here: please try again later.',
  tooLong: (what: string, max: number) => `${what} has at most ${max} characters.`,
} as const
