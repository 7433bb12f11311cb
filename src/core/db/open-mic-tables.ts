import type { ColumnType, Generated, Selectable } from 'kysely'
import type { OpenMicList, OpenMicRule, SignupState } from '../../shared/open-mic'

type Timestamp = ColumnType<Date, Date | string, Date | string>
type MaybeTimestamp = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>
type Maybe<T> = ColumnType<T | null, T | null | undefined, T | null>

/** A show run as an open mic (migration 2026-11-25-018). */
export interface OpenMicsTable {
  show_id: string
  slots: number
  set_minutes: number
  opens_at: Timestamp
  closes_at: Timestamp
  rule: OpenMicRule
  /** A lottery's draw time; null for first come. */
  draw_at: MaybeTimestamp
  drawn_at: MaybeTimestamp
  /**
   * The draw's seed (hex): a lottery's is made when it is set up and stays secret until the draw
   * (migration 2026-11-29-021); the lists before and after it (JSON of StoredDrawEntry[]).
   */
  draw_seed: Maybe<string>
  /** SHA-256 (hex) of the seed, public from the start; null for a lottery drawn before 021. */
  draw_seed_hash: Maybe<string>
  draw_before: Maybe<string>
  draw_after: Maybe<string>
  created_at: Timestamp
  updated_at: Timestamp
}

/** One comic's sign-up for an open mic. */
export interface OpenMicSignupsTable {
  id: Generated<number>
  show_id: string
  /** In lower case: never public. */
  email: string
  stage_name: string
  /** Never public. */
  vrchat_name: string
  /** For the host only. */
  note: ColumnType<string, string | undefined, string>
  /** The comic's IANA time zone as their browser said; '' when unknown. */
  time_zone: ColumnType<string, string | undefined, string>
  /** The roster's comic, once confirmed. */
  comic_id: Maybe<string>
  state: SignupState
  list: Maybe<OpenMicList>
  position: Maybe<number>
  /** 1, 2, 3... in the order sign-ups were confirmed. */
  confirm_seq: Maybe<number>
  /** A pending sign-up's own confirm link (each request has its own row and link). */
  confirm_token_hash: Maybe<string>
  created_at: Timestamp
  confirmed_at: MaybeTimestamp
  withdrawn_at: MaybeTimestamp
  checked_in_at: MaybeTimestamp
  no_show_at: MaybeTimestamp
}

/** One entry of a recorded draw: the sign-up, its confirmation number and stage name. */
export interface StoredDrawEntry {
  id: number
  number: number
  name: string
}

/** A withdraw link mailed for a confirmed sign-up (migration 2026-11-29-020): each works until it is withdrawn. */
export interface OpenMicWithdrawLinksTable {
  token_hash: string
  signup_id: number
  created_at: Timestamp
}

export type OpenMicRow = Selectable<OpenMicsTable>
export type SignupRow = Selectable<OpenMicSignupsTable>

/** The open mics' tables, as the database declares them (core/db/schema.ts). */
export interface OpenMicTables {
  open_mics: OpenMicsTable
  open_mic_signups: OpenMicSignupsTable
  open_mic_withdraw_links: OpenMicWithdrawLinksTable
}
