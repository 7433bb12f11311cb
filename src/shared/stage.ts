import type { StageComic } from './comics'
import type { GoalReachedEvent, GoalView } from './goal'
import type { LiveGift, LiveState } from './live'
import type { SupportersEvent } from './supporters'

/**
 * The stage (docs/stage.md): what happens at a show, pushed as it happens to the stream's overlay,
 * the landing page's banner and anything else listening, and drawn as an image for the world's
 * board. The contract between the server's stream and its readers.
 */
export const stageApi = {
  /** Server-Sent Events of the show: the event names below, each with an id. */
  events: '/api/live/events',
  /** A 1024×512 PNG of the show's name, its running total and the last gifts. */
  board: '/api/live/board.png',
  /** A 1024×512 PNG for the stage itself: who is on, the boosts and the last gifts of their set. */
  stage: '/api/live/stage.png',
} as const

/**
 * The stage key's place in the stream's query (`/api/live/events?key=...`) and the overlay's
 * (`/overlay?key=...`, passed on to the stream): a stream opened with it takes a seat of the
 * stage's, which the public never fills (docs/stage.md).
 */
export const stageKeyParam = 'key'

/** The names of the stream's events; `data` is JSON of the matching type below. */
export const stageEventNames = [
  'gift',
  'total',
  'state',
  'test',
  'control',
  'onstage',
  'goal',
  'message',
  'supporters',
] as const
export type StageEventName = (typeof stageEventNames)[number]

/** A gift at the kiosk: the live feed's public fields, never a code, an email or an address. */
export interface GiftEvent extends LiveGift {
  showId: string
  /** A member code's gift (`from` then says "a Tier 3 member", its tier's name, or their name). */
  member: boolean
  /** A VIP member's gift, or a product whose perks include VIP. */
  vip: boolean
  /** The show's running total with this gift. */
  totalBoosts: number
}

/** The show's running total, and its goal (null when the host set none). */
export interface TotalEvent {
  showId: string
  totalBoosts: number
  goal?: GoalView | null | undefined
}

/** The show on now or next, when its state changes (upcoming → live → ended). */
export interface StateEvent {
  showId: string
  show: string
  state: LiveState
  /** ISO-8601 UTC; empty when there is no show. */
  startsAt: string
}

/**
 * Who is on stage at a show: sent on each stage change (whichever tool made it) and as one of a
 * stream's first events. `comic` null: nobody (before the first set, an intermission, the end).
 */
export interface OnStageEvent {
  showId: string
  comic: StageComic | null
  /** ISO-8601 UTC: when the comic's set began; null when nobody is on. */
  startedAt: string | null
}

/** The host's test alert: shaped as a gift so the overlay shows it as one; counts for nothing. */
export interface TestEvent extends GiftEvent {
  test: true
}

/**
 * A fan's message the host approved after it waited (docs/stage.md, "Moderation"): the gift it
 * came with, its message now shown, as its own short alert. Counts for nothing (the gift did).
 */
export interface MessageEvent extends GiftEvent {
  followUp: true
}

/** The host's hand on the alerts: hold them, let them go again, or drop the one on screen. */
export const stageActions = ['pause', 'resume', 'skip'] as const
export type StageAction = (typeof stageActions)[number]
export interface ControlEvent {
  action: StageAction
}

export interface StageEventData {
  gift: GiftEvent
  total: TotalEvent
  state: StateEvent
  test: TestEvent
  control: ControlEvent
  onstage: OnStageEvent
  goal: GoalReachedEvent
  message: MessageEvent
  /** The night's top supporters (shared/supporters.ts): at first, and when the list changes. */
  supporters: SupportersEvent
}

/** The stream's refusals, for people (429 with `{ message }`). */
export const stageTexts = {
  tooManyStreams: 'Too many live streams open from your address: close one and try again.',
  full: 'The live stream is full right now: try again in a minute.',
} as const

/** What the host may send the stream: a test alert, or one of the controls. */
export const stageCommands = ['test', ...stageActions] as const
export type StageCommand = (typeof stageCommands)[number]

/** The answer to the host's `stage.send`: what was sent, with its event's id. */
export interface StageSent {
  action: StageCommand
  id: string
  /** Read aloud by the command line and the console: "A test alert went to the stream." */
  said: string
}

/** What the host is told after each command. */
export const stageSaid: Record<StageCommand, string> = {
  test: 'A test alert went to the stream (it counts for nothing).',
  pause: 'Alerts are paused: new gifts wait until you resume.',
  resume: 'Alerts are back on.',
  skip: 'The alert on screen was skipped.',
}

/** The console's buttons on the Tonight page, by command. */
export const stageButtons: Record<StageCommand, string> = {
  test: 'Send a test alert',
  pause: 'Pause alerts',
  resume: 'Resume alerts',
  skip: 'Skip the alert on screen',
}

/** The answer to the host's `stage.key`: the overlay's address with the key, for OBS. */
export interface StageKeyView {
  key: string
  /** `PUBLIC_URL/overlay?key=...`: the URL to paste into OBS's browser source. */
  overlayUrl: string
  /** True when a new key was made (the old one no longer opens the stage's seats). */
  renewed: boolean
}

/** The stage key's words, for the console and the command line. */
export const stageKeyTexts = {
  heading: 'The overlay for OBS',
  label: 'Overlay URL',
  lead: "Paste this URL into OBS's browser source: with its key, the overlay always gets into the stream, even when it is full. Keep it to yourself.",
  copy: 'Copy the URL',
  copied: 'Copied.',
  renew: 'Make a new key',
  renewQuestion: 'Make a new key?',
  renewWarning:
    'The URL above stops getting the overlay a seat of its own: paste the new one into OBS. Until then the old one still shows the alerts while the stream has room.',
  renewConfirm: 'Make the new key',
  keep: 'Keep this key',
  renewed: "A new key is made: paste the new URL into OBS's browser source.",
} as const
