// Memberships, their periods and grants written straight into a test database.
import type { Insertable } from 'kysely'
import type { Membership, MembershipsTable } from '../../src/core/db/membership-tables'
import type { Db } from '../../src/core/db/schema'
import { generateMemberCode, newMembershipId } from '../../src/core/ids'
import { boostsLeft, findMembership } from '../../src/core/memberships/membership-lifecycle'
import { type MembershipStanding, membershipStanding } from '../../src/core/memberships/standing'
import { type MembershipStatus, type TierId, tierRules } from '../../src/shared/memberships'

/** The period a test membership is in unless told otherwise: Nov 10 to Dec 10, 2026. */
export const testPeriod = {
  start: new Date('2026-11-10T00:00:00Z'),
  end: new Date('2026-12-10T00:00:00Z'),
} as const

export type MembershipOverrides = Partial<Insertable<MembershipsTable>>

/**
 * A membership written as the provider events would leave it: active, tier 2, paid for
 * `testPeriod` with the tier's whole allowance, a fresh id, member code and address. Any column
 * may be given instead.
 */
export async function insertMembership(
  db: Db,
  overrides: MembershipOverrides = {},
): Promise<Membership> {
  const id = overrides.id ?? newMembershipId()
  const tier = overrides.tier ?? 'membership-2'
  const created = overrides.created_at ?? testPeriod.start
  return db
    .insertInto('memberships')
    .values({
      id,
      email: `member-${id}@example.com`,
      tier,
      status: 'active',
      provider: 'local',
      member_code: generateMemberCode(),
      period_start: testPeriod.start,
      period_end: testPeriod.end,
      period_allowance: tierRules[tier].monthlyBoosts,
      created_at: created,
      updated_at: created,
      ...overrides,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}

/** Where a membership stands, read as the member page and the kiosk read it (tests look here). */
export interface MembershipSummary {
  tier: TierId
  status: MembershipStatus
  standing: MembershipStanding
  periodEnd: Date | null
  cancelAtPeriodEnd: boolean
  /** What the member code may still grant this period, in all. */
  boostsLeft: number
  /** A downgrade waiting for the next period. */
  nextTier: TierId | null
  memberCode: string
}

export async function membershipSummary(
  db: Db,
  id: string,
  now: Date,
): Promise<MembershipSummary | undefined> {
  const membership = await findMembership(db, { id })
  if (!membership) return undefined
  return {
    tier: membership.tier,
    status: membership.status,
    standing: membershipStanding(membership, now),
    periodEnd: membership.period_end,
    cancelAtPeriodEnd: membership.cancel_at_period_end,
    boostsLeft: await boostsLeft(db, membership),
    nextTier: membership.next_tier === membership.tier ? null : membership.next_tier,
    memberCode: membership.member_code,
  }
}

/**
 * Boosts a member code granted at a show, written as the kiosk writes them (core/kiosk): under the
 * membership's tier at the time unless a test names another.
 */
export async function insertMemberGrant(
  db: Db,
  grant: {
    membershipId: string
    showId: string
    periodStart: Date
    boosts: number
    at: Date
    anonymous?: boolean
    tier?: TierId
  },
): Promise<void> {
  await db
    .insertInto('member_redemptions')
    .values((eb) => ({
      membership_id: grant.membershipId,
      show_id: grant.showId,
      period_start: grant.periodStart,
      boosts: grant.boosts,
      anonymous: grant.anonymous ?? false,
      redeemed_at: grant.at,
      tier:
        grant.tier ??
        eb.selectFrom('memberships').select('tier').where('id', '=', grant.membershipId),
    }))
    .execute()
}
