import { type OnStage, onStageWords } from './comics'
import { type GoalView, goalShare, goalTexts } from './goal'
import type { LiveFeed, LiveGift, LiveState } from './live'
import { showTimeInWords } from './show-time'
import { supportersTexts } from './supporters'

/**
 * The board in the world (docs/kiosk.md, "The board in the world"): what the image at
 * /api/live/board.png says, as data. The server draws it (adapters/board-renderer.ts); this file
 * decides the words, so tests can read them without decoding pixels.
 */

/** Under VRChat's 2048×2048 limit, and the 2:1 of a wide panel on a club's wall. */
export const boardSize = { width: 1024, height: 512 } as const

/** A 5-second poll in the world: no client may load it faster, so no cache needs to keep it longer. */
export const boardCacheControl = 'public, max-age=5'

export const boardTexts = {
  brand: 'Punchline VR',
  live: 'Live now',
  next: 'Next show',
  noShow: 'No show on now',
  boosts: 'boosts',
  lastGifts: 'Last gifts',
  noGifts: 'Give boosts at the kiosk: the first gift shows here.',
  lineup: 'The lineup',
  noLineup: 'Comics to be announced: bring your boosts.',
} as const

/** "Sam Stone, Lee Park and Rosa Delgado". */
function namesInWords(names: string[]): string {
  if (names.length <= 1) return names.join('')
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`
}

/** What the board shows: the feed's words that matter for the picture, nothing else. */
export interface BoardView {
  state: LiveFeed['state']
  /** Top right: "Live now", "Next show", or nothing. */
  badge: string
  /** The show's name, or "No show on now". */
  title: string
  /** Under the title: the next show's time in words ("Sunday 4 PM Central"), or nothing. */
  when: string
  /** Its day ("November 29"), or nothing. */
  day: string
  /** The next show's comics ("Sam Stone, Lee Park and Rosa Delgado"), or nothing. */
  lineup: string
  /** The running total as written ("1,234"), during a show only. */
  total: string
  /** The last gifts' ready-made texts, newest first, during a show only. Never a code or email. */
  gifts: string[]
  /** "On stage: Sam" while a comic is on (at a live show), or nothing. */
  onStage: string
  /** The night's goal during a show: "Goal 312 / 500", how far (0 to 1), what happens; or null. */
  goal: BoardGoal | null
  /** The night's top supporters as lines ("1. Sam 35"), during a show; absent or empty: none. */
  supporters?: string[]
}

/** The night's goal as a picture shows it (the board, the stage's panel). */
export interface BoardGoal {
  count: string
  share: number
  reward: string
}

/** The goal's words and bar for a picture, or null without one. */
export function boardGoal(totalBoosts: number, goal: GoalView | null): BoardGoal | null {
  if (!goal) return null
  return {
    count: goal.reached ? goalTexts.reachedTitle : goalTexts.short(totalBoosts, goal),
    // Two decimals: the picture changes when the bar visibly moves, not at every boost.
    share: goal.reached ? 1 : Math.round(goalShare(totalBoosts, goal) * 100) / 100,
    reward: goal.reward,
  }
}

const count = new Intl.NumberFormat('en-US')

/** The list's lines, only when there is one: a board without names is drawn as it was. */
function supporterLines(feed: LiveFeed): Pick<BoardView, 'supporters'> {
  const lines = (feed.supporters ?? []).map((s, i) => supportersTexts.line(i + 1, s))
  return lines.length > 0 ? { supporters: lines } : {}
}

/**
 * The feed as the board shows it. Only what is drawn is kept (not the gifts' times), so the
 * view's hash changes exactly when the picture would.
 */
export function boardView(feed: LiveFeed): BoardView {
  if (feed.state === 'live') {
    return {
      state: 'live',
      badge: boardTexts.live,
      title: feed.show,
      when: '',
      day: '',
      lineup: '',
      total: count.format(feed.totalBoosts),
      gifts: feed.gifts.map((gift) => gift.text),
      onStage: feed.onStage ? onStageWords.line(feed.onStage.name) : '',
      goal: boardGoal(feed.totalBoosts, feed.goal),
      ...supporterLines(feed),
    }
  }
  if (feed.state === 'upcoming' && feed.startsAt) {
    return {
      state: 'upcoming',
      badge: boardTexts.next,
      title: feed.show,
      ...showTimeInWords(new Date(feed.startsAt)),
      lineup: namesInWords(feed.lineup),
      total: '',
      gifts: [],
      onStage: '',
      goal: null,
    }
  }
  const ended = {
    state: 'ended',
    badge: '',
    title: boardTexts.noShow,
    when: '',
    day: '',
    lineup: '',
  } as const
  return { ...ended, total: '', gifts: [], onStage: '', goal: null }
}

/**
 * The stage's own panel (GET /api/live/stage.png): a comic's wrist panel or the teleprompter in
 * the world. Who is on, what their set has been given so far, its last gifts. Same size and
 * caching as the board.
 */
export interface StagePanel {
  state: LiveState
  showId: string
  show: string
  onStage: OnStage | null
  /** The boosts credited to the open set (0 when nobody is on). */
  setBoosts: number
  /** The open set's last gifts, newest first. */
  gifts: LiveGift[]
  /** The show's total and its goal, for the goal's bar (the night's, not the set's). */
  showTotal: number
  goal: GoalView | null
}

export const stagePanelTexts = {
  onStage: onStageWords.label,
  nobody: 'Nobody on stage',
  setBoosts: 'boosts this set',
  lastGifts: 'This set',
  noGifts: 'No gifts in this set yet.',
} as const

/** What the stage's panel shows, as words (the server draws them). */
export interface StagePanelView {
  /** "On stage", or nothing when nobody is. */
  badge: string
  /** The comic's stage name, or "Nobody on stage". */
  name: string
  /** The show's name, or "No show on now". */
  show: string
  /** The set's boosts as written ("1,234"), while someone is on. */
  total: string
  /** The set's last gifts' texts, newest first, while someone is on. */
  gifts: string[]
  /** The night's goal, or null. */
  goal: BoardGoal | null
}

export function stagePanelView(panel: StagePanel): StagePanelView {
  const show = panel.show && panel.state !== 'ended' ? panel.show : boardTexts.noShow
  const goal = panel.state === 'ended' ? null : boardGoal(panel.showTotal, panel.goal)
  if (!panel.onStage) {
    return { badge: '', name: stagePanelTexts.nobody, show, total: '', gifts: [], goal }
  }
  return {
    badge: stagePanelTexts.onStage,
    name: panel.onStage.name,
    show,
    total: count.format(panel.setBoosts),
    gifts: panel.gifts.map((gift) => gift.text),
    goal,
  }
}
