import { sql } from 'kysely'
import { formatCode } from '../../shared/code-format'
import type { MemberSummary } from '../../shared/operator-views'
import type { Membership } from '../db/membership-tables'
import { type Db, escapeLike, toCount } from '../db/schema'
import { findMembership } from '../memberships/memberships'
import { membershipStanding } from '../memberships/standing'
import { type Handlers, OperatorRefusal } from './operator-types'

/** Boosts granted this period per membership, for the memberships given (one query). */
async function usedThisPeriod(db: Db, memberships: Membership[]): Promise<Map<string, number>> {
  const current = memberships.filter((m) => m.period_start !== null)
  if (current.length === 0) return new Map()
  const rows = await db
    .selectFrom('member_redemptions as r')
    .innerJoin('memberships as m', 'm.id', 'r.membership_id')
    .select((eb) => ['r.membership_id', eb.fn.sum<number>('r.boosts').as('used')])
    .where(
      'r.membership_id',
      'in',
      current.map((m) => m.id),
    )
    .whereRef('r.period_start', '=', 'm.period_start')
    .groupBy('r.membership_id')
    .execute()
  return new Map(rows.map((row) => [row.membership_id, toCount(row.used)]))
}

function toMemberSummary(membership: Membership, used: number, now: Date): MemberSummary {
  return {
    id: membership.id,
    email: membership.email,
    tier: membership.tier,
    status: membership.status,
    standing: membershipStanding(membership, now),
    periodStart: membership.period_start?.toISOString() ?? null,
    periodEnd: membership.period_end?.toISOString() ?? null,
    cancelAtPeriodEnd: membership.cancel_at_period_end,
    nextTier: membership.next_tier === membership.tier ? null : membership.next_tier,
    // As boostsLeft in core/memberships: the period's allowance less its gifts, never below 0.
    boostsLeft: membership.period_start ? Math.max(0, membership.period_allowance - used) : 0,
    memberCode: formatCode(membership.member_code),
    displayName: membership.display_name,
    createdAt: membership.created_at.toISOString(),
    endedAt: membership.ended_at?.toISOString() ?? null,
    endReason: membership.end_reason,
  }
}

export const memberActions: Handlers<'members.list' | 'members.show'> = {
  async 'members.list'(deps, _actor, input) {
    let query = deps.db.selectFrom('memberships')
    if (input.status) query = query.where('status', '=', input.status)
    const search = input.search?.trim()
    if (search) {
      const like = `%${escapeLike(search.toLowerCase())}%`
      const code = search.replace(/[\s-]/g, '').toUpperCase()
      query = query.where((eb) =>
        eb.or([
          eb('id', '=', search),
          eb('member_code', '=', code),
          eb(sql<string>`lower(email)`, 'like', like),
        ]),
      )
    }
    const [rows, count] = await Promise.all([
      query
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .limit(input.pageSize)
        .offset((input.page - 1) * input.pageSize)
        .execute(),
      query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
    ])
    const used = await usedThisPeriod(deps.db, rows)
    const now = deps.clock.now()
    return {
      items: rows.map((row) => toMemberSummary(row, used.get(row.id) ?? 0, now)),
      total: toCount(count?.n),
      page: input.page,
      pageSize: input.pageSize,
    }
  },

  async 'members.show'(deps, _actor, input) {
    const membership = await findMembership(deps.db, input)
    if (!membership) {
      const what = 'id' in input ? input.id : 'code' in input ? input.code : input.email
      throw new OperatorRefusal(`There is no membership ${what}.`, { notFound: true })
    }
    const [used, redemptions] = await Promise.all([
      usedThisPeriod(deps.db, [membership]),
      deps.db
        .selectFrom('member_redemptions as r')
        .leftJoin('events as e', 'e.id', 'r.show_id')
        .select(['r.show_id', 'e.name', 'r.boosts', 'r.anonymous', 'r.redeemed_at'])
        .where('r.membership_id', '=', membership.id)
        .orderBy('r.redeemed_at', 'desc')
        .orderBy('r.show_id')
        .execute(),
    ])
    return {
      ...toMemberSummary(membership, used.get(membership.id) ?? 0, deps.clock.now()),
      redemptions: redemptions.map((row) => ({
        showId: row.show_id,
        showName: row.name,
        boosts: row.boosts,
        anonymous: row.anonymous,
        at: row.redeemed_at.toISOString(),
      })),
    }
  },
}
