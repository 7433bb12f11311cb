import { z } from 'zod'
import {
  type MessageState,
  type ModerationMode,
  messageDecisions,
  moderationModes,
  wordListLimits,
} from './moderation'

/**
 * The host's actions on fans' messages (docs/stage.md, "Moderation"): shared/operator.ts adds
 * them to the one list every tool dispatches on. A held message is named by its grant: `c:CODE`
 * for a show code's, `m:MEMBERSHIP:SHOW` for a member code's.
 */
export const moderationOperatorInputs = {
  /** The mode, the word list and the messages waiting. */
  'moderation.show': z.object({}),
  /** A new mode, a new word list, or both. */
  'moderation.set': z.object({
    mode: z.enum(moderationModes).optional(),
    words: z
      .array(z.string().max(wordListLimits.maxWordLength * 4))
      .max(wordListLimits.maxWords * 4)
      .optional(),
  }),
  'moderation.decide': z.object({
    id: z.string().min(3).max(200),
    decision: z.enum(messageDecisions),
  }),
} as const

/** A message waiting for the host, with the gift it came with. */
export interface HeldMessage {
  id: string
  /** ISO-8601 UTC: when the gift was granted. */
  at: string
  /** The gift's sentence without its message: "Sam gave 25 boosts to Rosa Delgado". */
  gift: string
  message: string
}

export interface ModerationView {
  mode: ModerationMode
  words: string[]
  /** Held messages, newest first. */
  held: HeldMessage[]
}

export interface MessageDecided {
  id: string
  state: Extract<MessageState, 'approved' | 'rejected'>
  said: string
}

export interface ModerationOperatorResults {
  'moderation.show': ModerationView
  'moderation.set': ModerationView
  'moderation.decide': MessageDecided
}
