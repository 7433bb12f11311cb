/**
 * The night's goal (docs/stage.md, "The night's goal"): a number of boosts for a show and what
 * happens when the room reaches it ("500 boosts: the headliner does five minutes of crowd work").
 * Its progress shows on the overlay, the board, the stage's panel, the console and the landing
 * page's banner; reaching it plays its own alert once. Raised once reached, it is the next level.
 */

export const goalLimits = { boostsMax: 100_000, rewardMax: 120 } as const

/** A show's goal as every screen shows it: never who set it. */
export interface GoalView {
  /** The boosts to reach. */
  boosts: number
  /** What happens when they are reached. */
  reward: string
  /** 1 for the first goal of the show, 2 once it was reached and raised, and so on. */
  level: number
  /** True once the show's total reached this level's boosts (its alert played). */
  reached: boolean
}

/** The stream's `goal` event: this level was reached, with the show's total then. */
export interface GoalReachedEvent extends GoalView {
  showId: string
  totalBoosts: number
}

/** How far the room is, as a share from 0 to 1. */
export function goalShare(totalBoosts: number, goal: Pick<GoalView, 'boosts'>): number {
  return goal.boosts > 0 ? Math.min(1, Math.max(0, totalBoosts / goal.boosts)) : 0
}

const count = new Intl.NumberFormat('en-US')

/** The goal's words, the same on every screen. */
export const goalTexts = {
  heading: "Tonight's goal",
  /** "312 of 500 boosts: the headliner does five minutes of crowd work". */
  progress: (totalBoosts: number, goal: Pick<GoalView, 'boosts' | 'reward'>) =>
    `${count.format(Math.min(totalBoosts, goal.boosts))} of ${count.format(goal.boosts)} boosts: ${goal.reward}`,
  /** The short form for a corner: "Goal 312 / 500". */
  short: (totalBoosts: number, goal: Pick<GoalView, 'boosts'>) =>
    `Goal ${count.format(Math.min(totalBoosts, goal.boosts))} / ${count.format(goal.boosts)}`,
  level: (level: number) => `Level ${level}`,
  /** The alert's words when the goal is reached. */
  reachedTitle: 'Goal reached!',
  reached: (goal: Pick<GoalView, 'boosts' | 'reward'>) =>
    `${count.format(goal.boosts)} boosts: ${goal.reward}`,
  none: 'No goal set for this show.',
} as const

/** The host's words for setting it, in the console and the command line. */
export const goalHostTexts = {
  set: (goal: GoalView, show: string) =>
    `Goal for ${show}: ${goalTexts.reached(goal)} (${goalTexts.level(goal.level).toLowerCase()}).`,
  raised: (goal: GoalView, show: string) =>
    `Raised: the next level of ${show}'s goal is ${goalTexts.reached(goal)} (${goalTexts.level(goal.level).toLowerCase()}).`,
  reachedNow: 'The room has already given that many: its alert plays now.',
  notHigher: (boosts: number) =>
    `The goal of ${count.format(boosts)} boosts was reached: a new level needs more boosts than that.`,
  noShow: 'There is no show on now or next to set a goal for.',
  formHeading: "Tonight's goal",
  boostsLabel: 'Boosts to reach',
  rewardLabel: 'What happens when the room gets there',
  rewardHint: 'For example: the headliner does five minutes of crowd work.',
  setButton: 'Set the goal',
  raiseButton: 'Raise it: next level',
} as const
