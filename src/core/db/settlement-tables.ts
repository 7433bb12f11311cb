import type { ColumnType, Generated, Selectable } from 'kysely'
import type { PotRule } from '../../shared/settlements'

/** Timestamps are written as Date and read back as Date (both drivers parse timestamptz). */
type Timestamp = ColumnType<Date, Date | string, Date | string>

/** A show's settlement, closed by the host (migration 2026-11-25-016): never changed again. */
export interface SettlementsTable {
  show_id: string
  closed_at: Timestamp
  /** Who closed it: the console's address or the machine user. */
  closed_by: string
  /** The terms it was made with (later changes of the settings do not touch it). */
  share_percent: number
  member_boost_cents: number
  pot_rule: PotRule
  /** What the show's orders kept (paid, less refunds; nothing for a dispute). */
  taken_cents: number
  /** Its member boosts' value. */
  member_value_cents: number
  /** The show's money: taken_cents + member_value_cents = comics_cents + club_cents. */
  money_cents: number
  comics_cents: number
  club_cents: number
  /** Boosts granted while nobody was on stage, what they were worth, the comics' share of it. */
  pot_code_boosts: number
  pot_member_boosts: number
  pot_anonymous_boosts: number
  pot_cents: number
  pot_comics_cents: number
}

/** One comic's line of a closed settlement. */
export interface SettlementLinesTable {
  show_id: string
  comic_id: string
  code_boosts: number
  member_boosts: number
  anonymous_boosts: number
  /** What the boosts credited to them (not the pot) were worth, before the comics' share. */
  credited_cents: number
  /** What their member boosts were worth, of credited_cents (migration 027); the rest is show codes'. */
  member_cents: Generated<number>
  /** Their part of the pot's comics' share. */
  pot_cents: number
  owed_cents: number
}

/** A change at a closed show, landed on the settlement closed next. */
export interface SettlementAdjustmentsTable {
  id: Generated<number>
  /** The settlement it lands on. */
  show_id: string
  /** The closed show whose money changed. */
  from_show_id: string
  /** The comic it changes what is owed to; null: the club's share. */
  comic_id: string | null
  cents: number
}

/** A payment the club made to a comic outside the product. */
export interface ComicPayoutsTable {
  id: Generated<number>
  comic_id: string
  amount_cents: number
  /** YYYY-MM-DD */
  paid_on: string
  reference: string
  /** How it was sent: "PayPal", "bank transfer"; '' when not said (migration 027). */
  method: Generated<string>
  recorded_at: Timestamp
  recorded_by: string
}

export type SettlementRow = Selectable<SettlementsTable>

/** The settlements' tables, as the database declares them (core/db/schema.ts). */
export interface SettlementTables {
  settlements: SettlementsTable
  settlement_lines: SettlementLinesTable
  settlement_adjustments: SettlementAdjustmentsTable
  comic_payouts: ComicPayoutsTable
}
