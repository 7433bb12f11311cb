import type { ColumnType, Generated, Selectable } from 'kysely'

type Timestamp = ColumnType<Date, Date | string, Date | string>
type MaybeTimestamp = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>

/**
 * An address that asked for reminders or follows a comic (migration 2026-11-29-031): mailed
 * nothing but its one confirm link until it is confirmed.
 */
export interface SubscribersTable {
  id: Generated<number>
  /** In lower case. */
  email: string
  /** The hash of this round's confirm link, once mailed; null when confirmed. */
  confirm_token_hash: ColumnType<string | null, string | null | undefined, string | null>
  confirmed_at: MaybeTimestamp
  /** Unsubscribing from everything starts a new round, which must be confirmed again. */
  round: Generated<number>
  /** The manage page's and the one-click unsubscribe's token, in every mail's links. */
  manage_token: string
  /** When the last follow mail was queued: at most one a day. */
  last_follow_mail_at: MaybeTimestamp
  created_at: Timestamp
}

/** A show an address asked to be reminded of. */
export interface ShowRemindersTable {
  subscriber_id: number
  show_id: string
  created_at: Timestamp
}

/** A comic an address follows. */
export interface ComicFollowsTable {
  subscriber_id: number
  comic_id: string
  created_at: Timestamp
}

/** A place on a lineup a follower knows of: told (told_at), or there when they followed (null). */
export interface FollowNewsTable {
  subscriber_id: number
  show_id: string
  comic_id: string
  told_at: MaybeTimestamp
}

/** The tables of reminders and follows, in the Database interface (schema.ts). */
export interface ReminderTables {
  subscribers: SubscribersTable
  show_reminders: ShowRemindersTable
  comic_follows: ComicFollowsTable
  follow_news: FollowNewsTable
}

export type SubscriberRow = Selectable<SubscribersTable>
