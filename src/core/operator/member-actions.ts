import { sql } from 'kysely'
import { formatCode } from '../../shared/code-format'
import { formatUsd } from '../../shared/money'
import type { MemberSummary } from '../../shared/operator-views'
import { formatCentralTime } from '../../shared/show-time'
import type { Membership } from '../db/membership-tables'
import { type Db, escapeLike, toCount } from '../db/schema'
import { type CancelWhen, cancelMembership, whyNotCancel } from '../memberships/billing'
import { findMembership, type MembershipLookup } from '../memberships/membership-lifecycle'
import { refundMembership } from '../memberships/membership-refunds'
import { membershipRefusalTexts } from '../memberships/membership-texts'
import { membershipStanding } from '../memberships/standing'
import { Refusal, refuse } from '../refusal'
import { recordAudit } from './audit'
import { operatorTexts } from './operator-texts'
import type { Handlers, OperatorDeps } from './operator-types'

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
    // As the member page says: the period's allowance less its gifts, never below 0; none once
    // the membership has ended (its code grants nothing more).
    boostsLeft:
      membership.period_start && membership.status !== 'ended'
        ? Math.max(0, membership.period_allowance - used)
        : 0,
    memberCode: formatCode(membership.member_code),
    displayName: membership.display_name,
    createdAt: membership.created_at.toISOString(),
    endedAt: membership.ended_at?.toISOString() ?? null,
    endReason: membership.end_reason,
  }
}

async function summaryOf(deps: OperatorDeps, membership: Membership): Promise<MemberSummary> {
  const used = await usedThisPeriod(deps.db, [membership])
  return toMemberSummary(membership, used.get(membership.id) ?? 0, deps.clock.now())
}

async function mustFind(deps: OperatorDeps, by: MembershipLookup): Promise<Membership> {
  const membership = await findMembership(deps.db, by)
  if (membership) return membership
  const what = 'id' in by ? by.id : 'code' in by ? by.code : 'email' in by ? by.email : ''
  throw refuse.notFound(membershipRefusalTexts.noMembership(what))
}

/** The provider's membership billing, or a refusal saying it is not there. */
function billingOf(deps: OperatorDeps) {
  const payments = deps.payments?.()
  if (!payments?.cancelMembership || !payments.refundMembershipPayment) {
    throw refuse.invalid(operatorTexts.membershipsNeedProvider)
  }
  return {
    cancelMembership: payments.cancelMembership.bind(payments),
    refundMembershipPayment: payments.refundMembershipPayment.bind(payments),
  }
}

/** The provider's error in the operator's words: nothing was changed in the store. */
function providerRefusal(what: string, error: unknown): Refusal {
  const reason = error instanceof Error ? error.message : String(error)
  return refuse.invalid(`The payment provider did not ${what}: ${reason}`)
}

export const memberActions: Handlers<
  'members.list' | 'members.show' | 'members.cancel' | 'members.refund'
> = {
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

  async 'members.cancel'(deps, actor, input) {
    const found = await mustFind(deps, input)
    const when: CancelWhen = input.now ? 'now' : 'period_end'
    const refusal = whyNotCancel(found, when)
    if (refusal) throw refuse.invalid(refusal)
    const billing = billingOf(deps)
    const now = deps.clock.now()
    let after: Membership
    try {
      after = await cancelMembership({ db: deps.db, billing, now }, found, when)
    } catch (error) {
      throw providerRefusal(`cancel membership ${found.id}`, error)
    }
    const until = after.period_end ? formatCentralTime(after.period_end) : 'the end of its period'
    await recordAudit(
      deps.db,
      actor,
      {
        action: 'members.cancel',
        target: { type: 'membership', id: found.id },
        summary: input.now
          ? `Cancelled membership ${found.id} (${found.email}) at once: its perks ended`
          : `Cancelled membership ${found.id} (${found.email}) at the end of its period (${until})`,
      },
      now,
    )
    return summaryOf(deps, after)
  },

  async 'members.refund'(deps, actor, input) {
    const billing = billingOf(deps)
    const now = deps.clock.now()
    let refunded: Awaited<ReturnType<typeof refundMembership>>
    try {
      refunded = await refundMembership({ db: deps.db, billing, now }, input.id, input)
    } catch (error) {
      if (error instanceof Refusal) throw error
      throw providerRefusal(`refund membership ${input.id}`, error)
    }
    const { membership, payment } = refunded
    await recordAudit(
      deps.db,
      actor,
      {
        action: 'members.refund',
        target: { type: 'membership', id: membership.id },
        summary: `Refunded ${formatUsd(payment.amount_cents)} of membership ${membership.id} (${payment.id})${input.force ? ' (forced)' : ''}; the membership ended`,
      },
      now,
    )
    deps.kickMail?.()
    return {
      member: await summaryOf(deps, membership),
      refundedCents: payment.amount_cents,
      invoice: payment.id,
    }
  },

  async 'members.show'(deps, _actor, input) {
    const membership = await mustFind(deps, input)
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
