import type { ColumnType, Selectable } from 'kysely'
import type { JokeState } from '../../shared/jokes'
import type { MembershipStatus, TierId } from '../../shared/memberships'
import type { SetRef } from './comic-tables'
import type { GrantWordsColumns } from './moderation-tables'

/** Timestamps are written as Date and read back as Date (both drivers parse timestamptz). */
type Timestamp = ColumnType<Date, Date | string, Date | string>

/** A membership: one subscription of one member (migration 2026-11-24-009). */
export interface MembershipsTable {
  id: string
  email: string
  tier: TierId
  /**
   * The subscription's tier at the provider when it differs from `tier`, the one paid for: an
   * upgrade waiting for its invoice, or a downgrade waiting for the next period.
   */
  next_tier: TierId | null
  status: MembershipStatus
  provider: 'local' | 'stripe'
  provider_customer: string | null
  provider_subscription: string | null
  /** 12 code symbols, stored as the kiosk reads them (no dash). */
  member_code: string
  display_name: string | null
  /** The member's message for their next gift, cleaned; moved onto the grant when it is made. */
  stage_message: ColumnType<string | null, string | null | undefined, string | null>
  period_start: Timestamp | null
  period_end: Timestamp | null
  period_allowance: ColumnType<number, number | undefined, number>
  cancel_at_period_end: ColumnType<boolean, boolean | undefined, boolean>
  /** When a renewal first failed; perks pause memberGraceMs after it, until a payment lands. */
  past_due_since: Timestamp | null
  ended_at: Timestamp | null
  /** 'cancelled', 'refunded', 'disputed', 'payment_failed'. */
  end_reason: string | null
  /**
   * An upgrade's invoice paid before the refill of the period the upgrade was made in (at
   * `paid_upgrade_at`): that refill starts at this tier (migration 2026-11-25-014).
   */
  paid_upgrade_tier: TierId | null
  paid_upgrade_at: Timestamp | null
  /** The test checkout's card at each renewal (migration 2026-11-24-010); null for Stripe. */
  test_card_renewal: ColumnType<TestCardRenewal | null, TestCardRenewal | null | undefined>
  created_at: Timestamp
  updated_at: Timestamp
}

/** A provider event handled once (its id), whatever it did. */
export interface MembershipEventsTable {
  event_id: string
  membership_id: string | null
  type: string
  handled_at: Timestamp
}

/** A member code's grant at one show: at most one per membership and show. */
export interface MemberRedemptionsTable extends GrantWordsColumns {
  membership_id: string
  show_id: string
  /** The billing period the boosts count against. */
  period_start: Timestamp
  boosts: number
  anonymous: boolean
  redeemed_at: Timestamp
  /** The tier the grant was made under: its label stays, whatever plan the member moves to. */
  tier: TierId
  /** The set it was credited to when granted (the comic on stage); null: the show's pot. */
  set_id: SetRef
}

/** Where the host has got with a member's custom joke (the list lives in shared/jokes.ts). */
export type { JokeState }

/** A member's custom joke for the host (migration 2026-11-24-011). */
export interface MemberJokesTable {
  id: string
  membership_id: string
  /** The billing period it counts against (1, 2 or 5 a period by tier). */
  period_start: Timestamp
  /** At most 280 characters. */
  text: string
  state: ColumnType<JokeState, JokeState | undefined, JokeState>
  created_at: Timestamp
  updated_at: Timestamp
}

/** One payment of a membership: its first month or a renewal (migration 2026-11-24-011). */
export interface MembershipPaymentsTable {
  /** The provider's invoice id (the test checkout: the subscription id and the invoice's number). */
  id: string
  membership_id: string
  /** What a refund names at the provider (Stripe: the payment intent); null when not known. */
  payment_ref: string | null
  amount_cents: number
  currency: string
  /** The billing period it paid for (an upgrade's invoice: when the upgrade was made). */
  period_start: Timestamp
  paid_at: Timestamp
  refunded_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
  disputed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
}

/** What the test checkout's card does when a renewal is billed. */
export type TestCardRenewal = 'pays' | 'fails'

export type Membership = Selectable<MembershipsTable>
export type MemberJoke = Selectable<MemberJokesTable>
export type MembershipPayment = Selectable<MembershipPaymentsTable>

/** The memberships' tables, as the database declares them (core/db/schema.ts). */
export interface MembershipTables {
  memberships: MembershipsTable
  membership_events: MembershipEventsTable
  member_redemptions: MemberRedemptionsTable
  member_jokes: MemberJokesTable
  membership_payments: MembershipPaymentsTable
}
