import { z } from 'zod'
import type { SupportersView } from './supporters'

/**
 * The host's hand on the overlay's top supporters (docs/stage.md, "Top supporters"), from the
 * console's Tonight page or `npm run admin -- stage supporters`: shared/operator.ts adds them to
 * the one list every tool dispatches on.
 */
export const supportersOperatorInputs = {
  /** Whether the overlay shows the list, and tonight's list. */
  'supporters.show': z.object({}),
  /** Turns the overlay's list on or off; the stream tells the overlays at once. */
  'supporters.overlay': z.object({ on: z.boolean() }),
} as const

export interface SupportersOperatorResults {
  'supporters.show': SupportersView
  'supporters.overlay': SupportersView
}
