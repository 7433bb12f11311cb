import { type OnStage, type SetView, toStageComic } from '../../shared/comics'
import type { Db } from '../db/schema'
import { openSet, toSetView } from './sets'

/**
 * "On stage now" on every screen (docs/comics.md, "On stage on every screen"): who is on at a
 * show as GET /api/live's `onStage`, the stream's `onstage` event, the board and the stage's
 * panel show them. Public fields only.
 */

/** An open set as the screens show it: the comic's public fields and the set's start. */
export function onStageOf(set: SetView | null): OnStage | null {
  return set ? { ...toStageComic(set.comic), startedAt: set.startedAt } : null
}

/** The comic on stage at a show now, or null (no show, nobody on). */
export async function readOnStage(db: Db, showId: string): Promise<OnStage | null> {
  const open = showId ? await openSet(db, showId) : undefined
  return open ? onStageOf(toSetView(open.set, open.comic)) : null
}
