import { type MemberPerk, type TierId, tierRules } from '../../shared/memberships'
import type { Membership } from '../db/membership-tables'
import { type Db, toCount } from '../db/schema'
import { membershipStanding, perksOn } from '../memberships/standing'
import { answer, maxShowLength, type Redemption } from './kiosk-answer'
import { showOnNow } from './live-feed'
import type { KioskDeps } from './redeem'

const perkNames: Record<MemberPerk, string> = {
  line_jump: 'line jump',
  vip: 'VIP',
  donor_wall: 'donor wall',
}

/** "+20 boosts for the comic on stage! Line jump and VIP on! 180 left this month." */
export function memberGrantedMessage(
  tier: TierId,
  boosts: number,
  anonymous: boolean,
  left: number,
): string {
  const to = anonymous ? 'the comic, from an anonymous member' : 'the comic on stage'
  const named = tierRules[tier].perks.map((perk) => perkNames[perk]).join(' and ')
  const perks = named ? ` ${named[0]?.toUpperCase()}${named.slice(1)} on!` : ''
  return `+${boosts} boosts for ${to}!${perks} ${left > 0 ? left : 'None'} left this month.`
}

export const memberMessages = {
  alreadyRedeemed: 'Your member code already gave its boosts at this show: enjoy it!',
  allowanceUsed: "This month's member boosts are used up: they refill when your membership renews.",
  noShowNow: 'Member codes work during a show: try again when the next one starts.',
  paused: 'Your membership is paused: a payment failed. Update your card to use it again.',
  ended: 'This membership has ended.',
  incomplete: 'This membership is not active yet: its first payment has not arrived.',
} as const

type MemberDeps = Pick<KioskDeps, 'db' | 'clock' | 'redemptionId' | 'onRedeemed'>

/**
 * A member code at the kiosk: the tier's boosts for the show on now, once per show, while the
 * membership's perks are on and its period's allowance lasts (decision 017). Undefined when no
 * membership has this code: the caller answers `not_found`, a failure like any unknown code.
 *
 * The membership's row is locked for the attempt, so of any number of simultaneous attempts (on
 * any number of server processes) one grants and the others find its record; and two shows'
 * grants never both spend the same last boosts. The primary key of member_redemptions
 * (membership, show) stands behind it.
 */
export async function redeemMemberCode(
  deps: MemberDeps,
  code: string,
  anonymous: boolean,
): Promise<Redemption | undefined> {
  const now = deps.clock.now()
  // The show on now is read alongside the locked membership rather than before it: one round
  // trip fewer for every attempt. (On the embedded database, whose one connection the
  // transaction takes, the query was queued first and is answered first.)
  const showQuery = showOnNow(deps.db, now)
  let show: Awaited<typeof showQuery> | undefined
  const result = await deps.db
    .transaction()
    .execute(async (trx) => {
      const membership = await lockMembership(trx, code)
      show = await showQuery
      if (!membership) return undefined
      return grantOrRefuse(trx, membership, show, anonymous, now)
    })
    .finally(() => showQuery.catch(() => undefined))
  if (!result) return undefined
  const showName = (show?.name ?? '').slice(0, maxShowLength)
  const about = { product: result.tier, show: showName, left: result.left }
  switch (result.outcome) {
    case 'granted':
      deps.onRedeemed?.({
        showId: show?.id ?? '',
        key: { kind: 'member', membershipId: result.membershipId, showId: show?.id ?? '' },
      })
      return answer(
        'redeemed',
        memberGrantedMessage(result.tier, result.boosts, anonymous, result.left),
        {
          ...about,
          anonymous,
          boosts: result.boosts,
          perks: tierRules[result.tier].perks.join(','),
          redemption: deps.redemptionId(`member:${result.membershipId}:${show?.id}`),
        },
      )
    case 'already_redeemed':
      return answer('already_redeemed', memberMessages.alreadyRedeemed, about)
    case 'allowance_used':
      return answer('allowance_used', memberMessages.allowanceUsed, about)
    case 'no_show_now':
      return answer('no_show_now', memberMessages.noShowNow, about)
    case 'paused':
      return answer('member_paused', memberMessages.paused, about)
    case 'ended':
      return answer('member_ended', memberMessages.ended, about)
    case 'incomplete':
      return answer('member_incomplete', memberMessages.incomplete, about)
  }
}

type Outcome =
  | 'granted'
  | 'already_redeemed'
  | 'allowance_used'
  | 'no_show_now'
  | 'paused'
  | 'ended'
  | 'incomplete'

interface Decided {
  outcome: Outcome
  membershipId: string
  tier: TierId
  boosts: number
  /** Boosts the period may still grant, after this attempt. */
  left: number
}

/**
 * The membership whose code this is, locked until the transaction ends, with the boosts its
 * current period has granted so far (one statement: the sum is a subquery).
 */
function lockMembership(trx: Db, code: string) {
  return trx
    .selectFrom('memberships')
    .selectAll('memberships')
    .select((eb) =>
      eb
        .selectFrom('member_redemptions')
        .select((sub) => sub.fn.coalesce(sub.fn.sum<number>('boosts'), sub.lit(0)).as('u'))
        .whereRef('member_redemptions.membership_id', '=', 'memberships.id')
        .whereRef('member_redemptions.period_start', '=', 'memberships.period_start')
        .as('used'),
    )
    .where('member_code', '=', code)
    .forUpdate()
    .executeTakeFirst()
}

/** Inside the lock: what the membership may grant at this show, and the grant recorded if any. */
async function grantOrRefuse(
  trx: Db,
  membership: Membership & { used: number | string | null },
  show: { id: string } | undefined,
  anonymous: boolean,
  now: Date,
): Promise<Decided> {
  const decided = (outcome: Outcome, left = 0, boosts = 0): Decided => ({
    outcome,
    membershipId: membership.id,
    tier: membership.tier,
    boosts,
    left,
  })
  const standing = membershipStanding(membership, now)
  if (!perksOn(standing)) {
    return decided(standing === 'ended' || standing === 'incomplete' ? standing : 'paused')
  }
  const periodStart = membership.period_start
  // Paid up but no period recorded yet: nothing was refilled, so there is nothing to grant.
  if (!periodStart) return decided('incomplete')

  const before = Math.max(0, membership.period_allowance - toCount(membership.used))
  if (!show) return decided('no_show_now', before)

  const boosts = Math.min(tierRules[membership.tier].boostsPerShow, before)
  if (boosts <= 0) {
    const earlier = await grantedAt(trx, membership.id, show.id)
    return decided(earlier ? 'already_redeemed' : 'allowance_used', before)
  }
  const recorded = await trx
    .insertInto('member_redemptions')
    .values({
      membership_id: membership.id,
      show_id: show.id,
      period_start: periodStart,
      boosts,
      anonymous,
      redeemed_at: now,
    })
    .onConflict((oc) => oc.columns(['membership_id', 'show_id']).doNothing())
    .returning('boosts')
    .executeTakeFirst()
  if (!recorded) return decided('already_redeemed', before)
  return decided('granted', before - boosts, boosts)
}

async function grantedAt(trx: Db, membershipId: string, showId: string): Promise<boolean> {
  const row = await trx
    .selectFrom('member_redemptions')
    .select('boosts')
    .where('membership_id', '=', membershipId)
    .where('show_id', '=', showId)
    .executeTakeFirst()
  return row !== undefined
}
