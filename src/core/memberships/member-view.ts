import { findProduct } from '../../shared/catalogue'
import { formatCode } from '../../shared/code-format'
import {
  type MemberView,
  memberDateLine,
  memberStatusWords,
  type TonightView,
} from '../../shared/member-page'
import { memberGraceMs, tierRules } from '../../shared/memberships'
import { zonedParts } from '../../shared/show-time'
import type { Membership } from '../db/membership-tables'
import type { Db } from '../db/schema'
import { eventsNotEnded } from '../schedule/events'
import { jokesLeft, memberJokes } from './member-jokes'
import { boostsLeft } from './membership-lifecycle'
import { membershipStanding } from './standing'

/**
 * The member page's view of a membership: where it stands in words, what is left this month,
 * tonight's show and the jokes. Only what the member needs; no ids but the jokes', nothing of
 * the provider's.
 */
export async function memberView(
  db: Db,
  membership: Membership,
  session: { email: string; csrfToken: string },
  now: Date,
  options: { billing: boolean },
): Promise<MemberView> {
  const standing = membershipStanding(membership, now)
  const rules = tierRules[membership.tier]
  const [left, tonight, jokes, jokesRemaining] = await Promise.all([
    boostsLeft(db, membership),
    tonightFor(db, membership.id, now),
    memberJokes(db, membership.id),
    jokesLeft(db, membership),
  ])
  const graceEndsAt = membership.past_due_since
    ? new Date(membership.past_due_since.getTime() + memberGraceMs)
    : null
  const nextTier =
    membership.next_tier && membership.next_tier !== membership.tier ? membership.next_tier : null
  const ended = membership.status === 'ended'
  return {
    email: session.email,
    csrfToken: session.csrfToken,
    tier: membership.tier,
    tierName: tierName(membership.tier),
    standing,
    status: memberStatusWords(standing, {
      cancelAtPeriodEnd: membership.cancel_at_period_end,
      graceEndsAt,
    }),
    dateLine: memberDateLine({
      endedAt: ended ? (membership.ended_at ?? membership.period_end) : null,
      periodEnd: membership.period_end,
      cancelAtPeriodEnd: membership.cancel_at_period_end,
    }),
    nextTierName: nextTier ? tierName(nextTier) : null,
    periodEnd: renewsAt(membership)?.toISOString() ?? null,
    boostsLeft: ended ? 0 : left,
    monthlyBoosts: rules.monthlyBoosts,
    boostsPerShow: rules.boostsPerShow,
    tonight,
    memberCode: formatCode(membership.member_code),
    stageName: membership.display_name ?? '',
    stageMessage: membership.stage_message ?? '',
    jokesLeft: ended ? 0 : jokesRemaining,
    jokesPerMonth: rules.jokesPerMonth,
    jokes: jokes.map((joke) => ({
      id: joke.id,
      text: joke.text,
      state: joke.state,
      sentAt: joke.created_at.toISOString(),
    })),
    billing: options.billing && !ended,
  }
}

/**
 * When the membership renews, which refills its boosts and jokes: the end of the paid period,
 * unless it ends there (cancelled at the period's end) or has ended; null then, and before the
 * first payment.
 */
export function renewsAt(membership: Membership): Date | null {
  if (membership.cancel_at_period_end || membership.status === 'ended') return null
  return membership.period_end
}

function tierName(tier: Membership['tier']): string {
  return findProduct(tier)?.name ?? tier
}

/** The same day on the show's clock (Central time). */
function sameShowDay(a: Date, b: Date): boolean {
  const x = zonedParts(a)
  const y = zonedParts(b)
  return x.year === y.year && x.month === y.month && x.day === y.day
}

/**
 * The show on now, or the next one when it starts later today (Central time), and whether this
 * membership's code has given its boosts there. Null when neither: nothing to claim tonight.
 */
export async function tonightFor(
  db: Db,
  membershipId: string,
  now: Date,
): Promise<TonightView | null> {
  const show = await eventsNotEnded(db, now)
    .select(['id', 'name', 'starts_at'])
    .limit(1)
    .executeTakeFirst()
  if (!show) return null
  // Not ended (the query's rule), so started means on now: the kiosk's rule for member codes.
  const live = show.starts_at <= now
  if (!live && !sameShowDay(show.starts_at, now)) return null
  const claimed = await db
    .selectFrom('member_redemptions')
    .select('show_id')
    .where('membership_id', '=', membershipId)
    .where('show_id', '=', show.id)
    .executeTakeFirst()
  return {
    show: show.name,
    startsAt: show.starts_at.toISOString(),
    live,
    claimed: claimed !== undefined,
  }
}
