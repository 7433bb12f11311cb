import type { PageHead } from './page-head'
import { siteConfig } from './site-config'
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
/**
 * What a mailed link asks of the open-mic page: `#confirm=TOKEN` or `#withdraw=TOKEN`. After `#`
 * a browser never sends the token to a server (logs, Referer), and the page asks before it posts,
 * so a mail scanner that opens the link changes nothing.
 */
export const openMicLinkActions = ['confirm', 'withdraw'] as const
export type OpenMicLinkAction = (typeof openMicLinkActions)[number]
export function openMicLink(
  publicUrl: string,
  showId: string,
  action: OpenMicLinkAction,
  token: string,
): string {
  return `${publicUrl}${openMicPath(showId)}#${action}=${token}`
}
/** The action and token a page's address carries, if any. */
export function readOpenMicLink(
  hash: string,
): { action: OpenMicLinkAction; token: string } | undefined {
  const match = /^#(confirm|withdraw)=([A-Za-z0-9_-]{1,100})$/.exec(hash)
  if (!match) return undefined
  return { action: match[1] as OpenMicLinkAction, token: match[2] as string }
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

/** The id of the script element carrying the page's data (an OpenMicPublic). */
export const openMicDataId = 'open-mic-data'

/** The head of an open mic's page (src/shared/page-head.ts). */
export function openMicPageHead(openMic: { showId: string; showName: string }): PageHead {
  return {
    url: openMicPath(openMic.showId),
    title: `Open mic: ${openMic.showName} · ${siteConfig.brand}`,
    description: `Sign up for a spot at the open mic of ${openMic.showName} at ${siteConfig.brand}, live in virtual reality, and see the running order.`,
  }
}

/** The ordinal of a waitlist place: 1st, 2nd, 3rd, 4th, 11th, 21st... */
export function ordinal(n: number): string {
  const tens = n % 100
  if (tens >= 11 && tens <= 13) return `${n}th`
  const suffix = ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'
  return `${n}${suffix}`
}

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
  slotsLeft: (left: number, slots: number) =>
    left === 0
      ? 'Every slot is taken: a new sign-up goes on the waitlist.'
      : `${left} of ${slots} slots left.`,
  myPlaceHeading: 'Your place',
  minePending: 'Waiting for you to confirm it from the mail we sent.',
  minePool: 'Confirmed: spots are drawn at random, and we mail you your place then.',
  mineSlot: (position: number, when: string) => `You're in: slot ${position}, ${when}.`,
  mineWaitlist: (position: number) => `You're ${ordinal(position)} on the waitlist.`,
  mineWithdrawn: 'Withdrawn.',
  mineWithdraw: 'Withdraw',
  mineWithdrawAsk: (show: string) =>
    `Withdraw from the open mic of ${show}? Your place goes to the next comic.`,
  addToCalendar: 'Add to calendar',
  withdrawByMail:
    'To withdraw, use the link in the mail we sent you, or sign in on your Backstage page.',
  backstageLink: 'Your Backstage page',
  drawDone: (when: string) => `The draw took place at ${when}.`,
  drawRecordLink: "See the draw's record",
  runningOrder: 'Running order',
  noRunningOrder: 'No running order yet.',
  waitlist: (n: number) =>
    n === 1 ? 'One comic is on the waitlist.' : `${n} comics are on the waitlist.`,
  drawHeading: 'The draw',
  drawSeed: (seed: string) => `Seed: ${seed}`,
  drawSeedHash: (hash: string) =>
    `The draw's seed is fixed in advance and kept secret until the draw. Its SHA-256, published before the draw: ${hash}`,
  drawCheck:
    'To check it: the SHA-256 of the seed (its text) is the one published before the draw, and the seed shuffles the list before into the list after. Places count from 0; from the last place i down to place 1, step k (0, 1, 2...) swaps place i with place j = (the first 6 bytes of SHA-256 of "<seed>:<k>", a big-endian number) mod (i + 1).',
  drawBefore: 'Before the draw, in confirmation order (#: the confirmation number):',
  drawAfter: 'After the draw:',
  drawEntry: (entry: { name: string; number: number }) => `${entry.name} #${entry.number}`,
  none: 'This show has no open mic.',
  confirmHeading: 'Confirm your sign-up',
  confirmReading: 'Reading the sign-up...',
  confirmWhat: 'This link confirms a sign-up with these names, exactly as they were typed:',
  confirmNote: 'Note for the host',
  confirmNotYours:
    'If these are not the names you gave, do not confirm: someone else asked with your address. Your own mail has a link of its own.',
  confirmButton: 'Confirm my sign-up',
  withdrawHeading: 'Withdraw from the open mic',
  withdrawButton: 'Withdraw my sign-up',
  badLink: 'This link is not whole: open it again from the mail.',
  // Refusals of the sign-up form.
  notAdult: 'Open mic is for 18+: confirm that you are 18 or older to sign up.',
  badSignup: 'Please give a stage name, a valid email address and your VRChat display name.',
  tooMany: 'Too many sign-ups from here: please try again later.',
  placeSlot: (position: number, when: string) =>
    `You're on the list: slot ${position}, planned for ${when}. We mailed you the details.`,
  placeWaitlist: (position: number) =>
    `You're number ${position} on the waitlist: if a comic withdraws, the first on the waitlist moves up, and we mail you.`,
  placePool:
    'Your sign-up is confirmed: spots are drawn at random, and we mail you your place then.',
  withdrawn: 'You have withdrawn from the open mic. Thank you for letting us know.',
  confirming: 'Confirming...',
  withdrawing: 'Withdrawing...',
  unreachable: 'We could not reach the site. Check your connection and try again.',
  refused: (status: number) => `Something went wrong (error ${status}). Please try again.`,
} as const
