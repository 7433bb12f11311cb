import { sql } from 'kysely'
import type { GoalView } from '../../shared/goal'
import type { StageEventData, StageEventName, TestEvent } from '../../shared/stage'
import type { Db } from '../db/schema'
import type { Grant, GrantFacts } from '../grants/grant'
import { giftEventOf } from '../grants/grant-gift'
import { randomBase62 } from '../ids'
import { giftEventId, markEventId } from './gifts'

/** One event of the stream: its id, its name, and its data as src/shared/stage.ts types it. */
export type StageEvent = {
  [N in StageEventName]: { id: string; event: N; data: StageEventData[N] }
}[StageEventName]

/** The PostgreSQL channel every server process listens on (docs/decisions/018-the-stage-stream.md). */
export const stageChannel = 'punchline_stage'

/** NOTIFY's payload limit is 8000 bytes; the stage's messages are a few hundred. */
const maxPayloadBytes = 7900

/**
 * The processes' own deliveries, by database: on the embedded database (one process) a server
 * registers here and a publish reaches its readers without a round trip through SQL. On
 * PostgreSQL nothing registers, and every publish is a NOTIFY every process hears, its own too.
 */
const inProcess = new WeakMap<Db, (events: StageEvent[]) => void>()

/** Makes `deliver` receive whatever is published through `db` in this process. */
export function deliverInProcess(db: Db, deliver: (events: StageEvent[]) => void): () => void {
  inProcess.set(db, deliver)
  return () => {
    if (inProcess.get(db) === deliver) inProcess.delete(db)
  }
}

/** True when `deliver` is where this embedded database's events go: no other process listens. */
export function deliversInProcess(db: Db, deliver: (events: StageEvent[]) => void): boolean {
  return inProcess.get(db) === deliver
}

/**
 * Sends events to every reader of the stream in every process: the kiosk's gifts, the host's
 * controls from the console or the command line. Events sent together arrive together, in order.
 */
export async function publishStage(db: Db, events: StageEvent[]): Promise<void> {
  const local = inProcess.get(db)
  if (local) {
    local(events)
    return
  }
  const payload = JSON.stringify(events)
  if (Buffer.byteLength(payload) > maxPayloadBytes) throw new Error('stage message too long')
  await sql`select pg_notify(${stageChannel}, ${payload})`.execute(db)
}

/** The events a bus message holds, or none if it is not one (a stranger on the channel). */
export function parseStageMessage(payload: string): StageEvent[] {
  try {
    const value: unknown = JSON.parse(payload)
    if (!Array.isArray(value)) return []
    return value.filter(
      (event): event is StageEvent =>
        typeof event?.id === 'string' && typeof event?.event === 'string' && event.data,
    )
  } catch {
    return []
  }
}

/**
 * A grant's `gift` and `total` events, sent together: the gift, then the show's total with it
 * (and its goal, when the host set one).
 */
export function giftEvents(
  grant: Grant,
  totalBoosts: number,
  goal: GoalView | null = null,
): StageEvent[] {
  const id = giftEventId(grant)
  return [
    { id, event: 'gift', data: giftEventOf(grant, totalBoosts) },
    { id, event: 'total', data: { showId: grant.showId, totalBoosts, goal } },
  ]
}

/**
 * The goal's alert: this level was reached at this total. Its id is the level's, so a reader
 * that somehow got it twice shows it once.
 */
export function goalEvent(
  now: Date,
  showId: string,
  goal: GoalView,
  totalBoosts: number,
): StageEvent {
  return {
    id: markEventId(now, `goal${goal.level}`),
    event: 'goal',
    data: { ...goal, showId, totalBoosts },
  }
}

/** The host's test alert: a sample gift (an FFR 25 from "a fan"), flagged, counting for nothing. */
export function testAlert(now: Date, showId: string, totalBoosts: number): StageEvent {
  const sample: GrantFacts = {
    at: now,
    showId,
    setId: null,
    comic: null,
    boosts: 10,
    anonymous: false,
    giver: { kind: 'fan', product: 'ffr-25', name: null },
    message: null,
  }
  const data: TestEvent = { ...giftEventOf(sample, totalBoosts), test: true }
  return { id: markEventId(now, randomBase62(10)), event: 'test', data }
}

/** A control event (pause, resume, skip) with a fresh id. */
export function controlEvent(now: Date, action: StageEventData['control']['action']): StageEvent {
  return { id: markEventId(now, randomBase62(10)), event: 'control', data: { action } }
}
