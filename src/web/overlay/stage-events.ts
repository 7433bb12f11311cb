import type { StageComic } from '../../shared/comics'
import type { GoalReachedEvent, GoalView } from '../../shared/goal'
import type {
  ControlEvent,
  GiftEvent,
  MessageEvent,
  OnStageEvent,
  StageEventData,
  StateEvent,
  TestEvent,
  TotalEvent,
} from '../../shared/stage'
import { stageActions } from '../../shared/stage'
import { parseSupporters } from './supporters-view'

/*
 * Checks of the stage stream's data (src/shared/stage.ts), by hand: the overlay is a page of its
 * own and carries neither zod nor the fans' app's modules. An event that does not fit is ignored.
 */

type Fields = Record<string, 'string' | 'number' | 'boolean'>

function fits(value: unknown, fields: Fields): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  const record = value as Record<string, unknown>
  return Object.entries(fields).every(([key, type]) => typeof record[key] === type)
}

const giftFields: Fields = {
  showId: 'string',
  product: 'string',
  productName: 'string',
  boosts: 'number',
  anonymous: 'boolean',
  from: 'string',
  at: 'string',
  text: 'string',
  member: 'boolean',
  vip: 'boolean',
  totalBoosts: 'number',
}

function parseJson(data: string): unknown {
  try {
    return JSON.parse(data)
  } catch {
    return undefined
  }
}

/** A `gift` or `test` event's data, or undefined. */
export function parseGift(data: string): GiftEvent | undefined {
  const value = parseJson(data)
  return fits(value, giftFields) ? (value as unknown as GiftEvent) : undefined
}

/** A `test` event's data: a gift marked as the host's test. */
export function parseTest(data: string): TestEvent | undefined {
  const gift = parseGift(data)
  return gift ? { ...gift, test: true } : undefined
}

/** A `message` event's data: an approved message with the gift it came with, or undefined. */
export function parseMessage(data: string): MessageEvent | undefined {
  const gift = parseGift(data)
  return gift && typeof gift.message === 'string' && gift.message
    ? { ...gift, followUp: true }
    : undefined
}

const goalFields: Fields = {
  boosts: 'number',
  reward: 'string',
  level: 'number',
  reached: 'boolean',
}

function goalOf(value: unknown): GoalView | null | undefined {
  if (value === null) return null
  if (!fits(value, goalFields)) return undefined
  const { boosts, reward, level, reached } = value as unknown as GoalView
  return { boosts, reward, level, reached }
}

/** A `total` event's data, or undefined; its goal kept only when it is whole (or null). */
export function parseTotal(data: string): TotalEvent | undefined {
  const value = parseJson(data)
  if (!fits(value, { showId: 'string', totalBoosts: 'number' })) return undefined
  const total = { showId: String(value.showId), totalBoosts: Number(value.totalBoosts) }
  if (!('goal' in value)) return total
  const goal = goalOf(value.goal)
  return goal === undefined ? total : { ...total, goal }
}

/** A `goal` event's data (the goal reached, with the total then), or undefined. */
export function parseGoal(data: string): GoalReachedEvent | undefined {
  const value = parseJson(data)
  if (!fits(value, { showId: 'string', totalBoosts: 'number' })) return undefined
  const goal = goalOf(value)
  if (!goal) return undefined
  return { ...goal, showId: String(value.showId), totalBoosts: Number(value.totalBoosts) }
}

/** A `state` event's data, or undefined. */
export function parseState(data: string): StateEvent | undefined {
  const value = parseJson(data)
  return fits(value, { showId: 'string', show: 'string', state: 'string', startsAt: 'string' })
    ? (value as unknown as StateEvent)
    : undefined
}

/** A `control` event's data, or undefined when its action is not one the overlay knows. */
export function parseControl(data: string): ControlEvent | undefined {
  const value = parseJson(data)
  if (!fits(value, { action: 'string' })) return undefined
  const action = stageActions.find((known) => known === value.action)
  return action ? { action } : undefined
}

/** An `onstage` event's data, or undefined: a comic with its public fields, or null (nobody). */
export function parseOnStage(data: string): OnStageEvent | undefined {
  const value = parseJson(data)
  if (!fits(value, { showId: 'string' })) return undefined
  const showId = String(value.showId)
  const { comic, startedAt } = value
  if (comic === null) return { showId, comic: null, startedAt: null }
  if (!fits(comic, { id: 'string', slug: 'string', name: 'string', vrchatName: 'string' })) {
    return undefined
  }
  if (typeof startedAt !== 'string') return undefined
  const { id, slug, name, vrchatName, pictureUrl } = comic as unknown as StageComic
  const picture = typeof pictureUrl === 'string' ? pictureUrl : null
  return { showId, comic: { id, slug, name, vrchatName, pictureUrl: picture }, startedAt }
}

/** The overlay's reading of each event name. */
export const stageParsers: {
  [K in keyof StageEventData]: (data: string) => StageEventData[K] | undefined
} = {
  gift: parseGift,
  total: parseTotal,
  state: parseState,
  test: parseTest,
  control: parseControl,
  onstage: parseOnStage,
  goal: parseGoal,
  message: parseMessage,
  supporters: parseSupporters,
}
