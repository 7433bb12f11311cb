import { z } from 'zod'
import {
  type ComicView,
  comicLimits,
  comicRoles,
  type LineupView,
  type StageChange,
  type StageView,
} from './comics'
import { email, id, text } from './operator-fields'

/**
 * The operator's actions on the comics (docs/comics.md): the roster, a show's lineup and the
 * stage. shared/operator.ts adds them to the one list every tool dispatches on. A comic is named
 * by id or slug; a show by id, or left out for tonight's (on now, or next).
 */

const link = z.object({
  label: text(comicLimits.linkLabelMax).pipe(z.string().trim().min(1)),
  url: text(comicLimits.linkUrlMax).pipe(z.string().trim().min(1)),
})
const comicFields = {
  slug: text(comicLimits.slugMax).optional(),
  bio: text(comicLimits.bioMax).optional(),
  vrchatName: text(comicLimits.vrchatNameMax).optional(),
  /** Whether the VRChat name is on public pages (a comic added by the host: yes unless told). */
  vrchatPublic: z.boolean().optional(),
  links: z.array(link).max(comicLimits.linksMax).optional(),
}
const place = z.object({
  comic: id,
  role: z.enum(comicRoles),
  setMinutes: z.int().min(1).max(comicLimits.setMinutesMax).optional(),
})

export const comicOperatorInputs = {
  'comics.list': z.object({ all: z.boolean().default(false) }),
  'comics.show': z.object({ comic: id }),
  'comics.add': z.object({
    name: text(comicLimits.nameMax),
    ...comicFields,
    payoutEmail: email.optional(),
  }),
  'comics.edit': z.object({
    comic: id,
    name: text(comicLimits.nameMax).optional(),
    ...comicFields,
    /** Null or '' clears it. */
    payoutEmail: z.union([email, z.literal(''), z.null()]).optional(),
    archived: z.boolean().optional(),
  }),
  'comics.archive': z.object({ comic: id }),
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

export interface ComicOperatorResults {
  'comics.list': ComicView[]
  'comics.show': ComicView
  'comics.add': { comic: ComicView }
  'comics.edit': { comic: ComicView; changed: boolean }
  'comics.archive': { comic: ComicView; changed: boolean }
  'lineup.show': LineupView
  'lineup.set': { lineup: LineupView; changed: boolean }
  'stage.show': StageView
  'stage.on': StageChange
  'stage.next': StageChange
  'stage.off': StageChange
}
