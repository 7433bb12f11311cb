import { z } from 'zod'
import { type OpenMicList, openMicLimits, openMicRules } from './open-mic'
import type { OpenMicPublic } from './open-mic-api'
import { id, instant } from './operator-fields'

/**
 * The host's actions on open mics (docs/comics.md, "Open mics"): shared/operator.ts adds them to
 * the one list every tool dispatches on. A sign-up is named by its number on the list.
 */

const signup = z.int().min(1).max(2_147_483_647)

export const openMicOperatorInputs = {
  'openmic.show': z.object({ show: id }),
  'openmic.set': z.object({
    show: id,
    slots: z.int().min(1).max(openMicLimits.slotsMax),
    setMinutes: z.int().min(1).max(openMicLimits.setMinutesMax),
    opensAt: instant,
    closesAt: instant,
    rule: z.enum(openMicRules),
    drawAt: instant.optional(),
  }),
  'openmic.draw': z.object({ show: id }),
  /** Puts a sign-up at `position` of its list (1 = first). */
  'openmic.reorder': z.object({ show: id, signup, position: z.int().min(1).max(1000) }),
  /** Moves a sign-up to the end of the list of slots, or to the top of the waitlist. */
  'openmic.move': z.object({ show: id, signup, to: z.enum(['slot', 'waitlist']) }),
  'openmic.check-in': z.object({ show: id, signup, undo: z.boolean().default(false) }),
  'openmic.no-show': z.object({ show: id, signup, undo: z.boolean().default(false) }),
  /** The slots, checked in or not but not no-shows, become the show's lineup, in running order. */
  'openmic.use-lineup': z.object({ show: id }),
} as const

/** A sign-up as the host sees it: everything, the private fields too. */
export interface SignupView {
  id: number
  stageName: string
  email: string
  vrchatName: string
  note: string
  state: 'pending' | 'confirmed' | 'withdrawn'
  list: OpenMicList | null
  position: number | null
  /** A slot's planned time (ISO-8601 UTC). */
  plannedAt: string | null
  confirmedAt: string | null
  checkedIn: boolean
  noShow: boolean
  comicSlug: string | null
}

export interface OpenMicView {
  openMic: OpenMicPublic
  slots: SignupView[]
  waitlist: SignupView[]
  /** A lottery's confirmed sign-ups before the draw, in confirmation order. */
  pool: SignupView[]
  pending: SignupView[]
  withdrawn: SignupView[]
}

export interface OpenMicOperatorResults {
  'openmic.show': OpenMicView
  'openmic.set': OpenMicView
  'openmic.draw': OpenMicView
  'openmic.reorder': OpenMicView
  'openmic.move': OpenMicView
  'openmic.check-in': OpenMicView
  'openmic.no-show': OpenMicView
  'openmic.use-lineup': OpenMicView
}
