import { jokesAMonth } from './catalogue'
import { type TierId, tierRules } from './memberships'
import { formatCentral } from './show-time'

/**
 * Members' custom jokes for the host (docs/memberships.md): at most `jokeMaxLength` characters, 1, 2 or 5 a
 * billing period by tier (`tierRules[tier].jokesPerMonth`). The member page, the host's console,
 * the command line and the tests share these words.
 */

/** Characters as a person counts them (code points: an emoji is one). */
export const jokeMaxLength = 280

/**
 * Where the host has got with a joke: `waiting` until the host reads it, then `accepted` or
 * `declined`; an accepted joke is `performed` once told on stage (or still declined).
 */
export const jokeStates = ['waiting', 'accepted', 'performed', 'declined'] as const
export type JokeState = (typeof jokeStates)[number]

export function isJokeState(value: string): value is JokeState {
  return (jokeStates as readonly string[]).includes(value)
}

/** Each state in words, for the member and the host. */
export const jokeStateWords: Record<JokeState, string> = {
  waiting: 'Waiting',
  accepted: 'Accepted',
  performed: 'Performed',
  declined: 'Declined',
}

/** The states each state may move to; the same state again changes nothing. */
export const jokeTransitions: Record<JokeState, readonly JokeState[]> = {
  waiting: ['accepted', 'declined'],
  accepted: ['performed', 'declined'],
  performed: [],
  declined: [],
}

/** A joke's length as a person counts it: code points, so "😂" is 1, not 2. */
export function jokeLength(text: string): number {
  let count = 0
  for (const _ of text) count++
  return count
}

/** "1 custom joke" or "5 custom jokes". */
function jokesCount(count: number): string {
  return `${count} custom joke${count === 1 ? '' : 's'}`
}

/**
 * Why a member may send no more jokes this month: "Your membership includes 2 custom jokes a
 * month, and you have sent them all: more on Sun, Dec 20, 4:00 PM CT, when it renews."
 * `renewsAt` null when it will not renew (cancelled at the period's end).
 */
export function jokeLimitSentence(tier: TierId, renewsAt: Date | null): string {
  const included = `Your membership includes ${jokesAMonth(tierRules[tier].jokesPerMonth)}, and you have sent them all`
  return renewsAt
    ? `${included}: more on ${formatCentral(renewsAt)}, when it renews.`
    : `${included} for this month.`
}

/** "2 of 5 custom jokes left this month." */
export function jokesLeftSentence(tier: TierId, left: number): string {
  return `${left} of ${jokesCount(tierRules[tier].jokesPerMonth)} left this month.`
}

/** What a member is told about a joke sent or refused, and the host about a change refused. */
export const jokeTexts = {
  label: 'Your joke for the host',
  submit: 'Send to the host',
  empty: 'Write your joke first.',
  tooLong: `A joke can be at most ${jokeMaxLength} characters.`,
  notMember: 'Only members whose membership is active can send jokes.',
  sent: 'Your joke is with the host.',
  none: 'No jokes sent yet.',
  limit: jokeLimitSentence,
  notFound: (id: string) => `There is no joke ${id} (see: npm run admin -- jokes list).`,
} as const

/** The host's refusal of a change the joke's state does not allow. */
export function jokeTransitionRefused(from: JokeState, to: JokeState): string {
  return `This joke is ${jokeStateWords[from].toLowerCase()}: it cannot be marked ${jokeStateWords[to].toLowerCase()}.`
}

/**
 * A joke as the host sees it (console and `jokes list --json`): the text, the member's tier and
 * the name the member chose to be shown by, if any; never the member's address.
 */
export interface HostJokeView {
  id: string
  text: string
  state: JokeState
  tier: TierId
  displayName: string | null
  membershipId: string
  sentAt: string
  updatedAt: string
}

/** A host's change of a joke's state; `changed` false when it was in that state already. */
export interface JokeChange {
  joke: HostJokeView
  changed: boolean
}

/** The words of the console's Jokes page (docs/console.md). */
export const jokeConsoleTexts = {
  toDo: 'To do',
  done: 'Done',
  emptyToDo: "No jokes to read: members' jokes appear here as they send them.",
  emptyDone: 'No joke has been performed or declined yet.',
  /** The button moving a joke to each state. */
  move: { accepted: 'Accept', performed: 'Performed', declined: 'Decline' },
  moved: (state: JokeState) => `The joke is marked ${jokeStateWords[state].toLowerCase()}.`,
} as const
