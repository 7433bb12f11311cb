import type { ColumnType, Generated } from 'kysely'
import type { MessageState, ModerationMode } from '../../shared/moderation'

/** The host's moderation of fans' messages: one row (core/moderation/message-rule.ts). */
export interface StageModerationTable {
  id: Generated<boolean>
  mode: ModerationMode
  /** The word list, as a JSON array of lower-case words and phrases. */
  words: string
  /** The list as one case-insensitive pattern for PostgreSQL's `~*`. */
  pattern: string
}

/** A grant's words (core/grants/grant.ts): the name shown (null: anonymous or none), the message. */
export interface GrantWordsColumns {
  name: ColumnType<string | null, string | null | undefined, string | null>
  message: ColumnType<string | null, string | null | undefined, string | null>
  message_state: ColumnType<MessageState | null, MessageState | null | undefined, MessageState>
}

/** The moderation's tables, as the Database interface (schema.ts) extends them. */
export interface ModerationTables {
  stage_moderation: StageModerationTable
}
