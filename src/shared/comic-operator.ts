import { z } from 'zod'
import { comicFields } from './comic-fields'
import {
  type ComicView,
  comicLimits,
  comicRoles,
  type LineupView,
  type StageChange,
  type StageView,
} from './comics'
import { addShape, editShape } from './entity-schemas'
import { id } from './operator-fields'

/**
 * The operator's actions on the comics (docs/comics.md): the roster, a show's lineup and the
 * stage. shared/operator.ts adds them to the one list every tool dispatches on. A comic is named
 * by id or slug; a show by id, or left out for tonight's (on now, or next).
 */

const place = z.object({
  comic: id,
  role: z.enum(comicRoles),
  setMinutes: z.int().min(1).max(comicLimits.setMinutesMax).optional(),
})

export const comicOperatorInputs = {
  'comics.list': z.object({ all: z.boolean().default(false) }),
  'comics.show': z.object({ comic: id }),
  /** The fields of shared/comic-fields.ts: the name, the rest as wanted. */
  'comics.add': z.object(addShape(comicFields)),
  /** Any field; the payout address cleared by null or ''. */
  'comics.edit': z.object({
    comic: id,
    ...editShape(comicFields),
    archived: z.boolean().optional(),
  }),
  'comics.archive': z.object({ comic: id }),
  /** The host's lock on a comic's own edits of their page; `unlock` lifts it. */
  'comics.lock': z.object({ comic: id, unlock: z.boolean().default(false) }),
  /** A comic's own changes of their page, newest first. */
  'comics.changes': z.object({ comic: id }),
  /** Undoes a comic's own change (`change`, or their latest not undone). */
  'comics.undo': z.object({ comic: id, change: z.int().positive().optional() }),
  'lineup.show': z.object({ show: id.optional() }),
  'lineup.set': z.object({
    show: id.optional(),
    places: z.array(place).max(comicLimits.lineupMax),
  }),
  'stage.show': z.object({ show: id.optional() }),
  'stage.on': z.object({ comic: id, show: id.optional() }),
  'stage.next': z.object({ show: id.optional() }),
  'stage.off': z.object({ show: id.optional() }),
} as const

/** A comic's own change of their page: the fields' values before and after (`picture`: its id). */
export interface OwnPageChange {
  id: number
  at: string
  before: Record<string, unknown>
  after: Record<string, unknown>
  undone: boolean
}

export interface ComicOperatorResults {
  'comics.list': ComicView[]
  'comics.show': ComicView
  'comics.add': { comic: ComicView }
  'comics.edit': { comic: ComicView; changed: boolean }
  'comics.archive': { comic: ComicView; changed: boolean }
  'comics.lock': { comic: ComicView; changed: boolean }
  'comics.changes': OwnPageChange[]
  'comics.undo': { comic: ComicView; change: number; fields: string[] }
  'lineup.show': LineupView
  'lineup.set': { lineup: LineupView; changed: boolean }
  'stage.show': StageView
  'stage.on': StageChange
  'stage.next': StageChange
  'stage.off': StageChange
}
