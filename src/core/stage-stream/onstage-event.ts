import type { OnStage } from '../../shared/comics'
import type { OnStageEvent } from '../../shared/stage'
import type { Db } from '../db/schema'
import { randomBase62 } from '../ids'
import { markEventId } from './gifts'
import { publishStage, type StageEvent } from './publish'

/** The `onstage` event's data for who is on (null: nobody). */
export function onStageData(showId: string, onStage: OnStage | null): OnStageEvent {
  if (!onStage) return { showId, comic: null, startedAt: null }
  const { startedAt, ...comic } = onStage
  return { showId, comic, startedAt }
}

/** An `onstage` event; `unique` names it (the stream's first events share the state's id). */
export function onStageEvent(
  id: string,
  showId: string,
  onStage: OnStage | null,
): Extract<StageEvent, { event: 'onstage' }> {
  return { id, event: 'onstage', data: onStageData(showId, onStage) }
}

/**
 * Tells every reader of the stream, in every process, who is on stage at a show: after each
 * stage change, whichever tool made it (docs/stage.md). A repeat sends the same again, which
 * changes nothing on a screen.
 */
export async function publishOnStage(
  db: Db,
  now: Date,
  showId: string,
  onStage: OnStage | null,
): Promise<void> {
  await publishStage(db, [onStageEvent(markEventId(now, randomBase62(10)), showId, onStage)])
}
