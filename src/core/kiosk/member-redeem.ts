import { sql } from 'kysely'
import { type TierId, tierRules } from '../../shared/memberships'
import type { MessageState } from '../../shared/moderation'
import type { Membership } from '../db/membership-tables'
import { type Db, toCount } from '../db/schema'
import { type GrantFacts, memberGrantOf, memberGrantRecord } from '../grants/grant'
import { membershipStanding, perksOn } from '../memberships/standing'
import { answer, comicField, maxShowLength, type Redemption } from './kiosk-answer'
import type { KioskDeps } from './kiosk-deps'
import { memberGrantedMessage, memberMessages } from './kiosk-texts'
import { tryFastGrant } from './member-fast-grant'

type MemberDeps = Pick<KioskDeps, 'db' | 'clock' | 'redemptionId' | 'onGranted'>

/**
 * A member code at the kiosk: the tier's boosts for the show on now, once per show, while the
 * membership's perks are on and its period's allowance lasts (decision 017). Undefined when no
 * membership has this code: the caller answers `not_found`, a failure like any unknown code.
 *
 * No transaction, so a pooled connection is held for one round trip at a time
 * (docs/decisions/017-memberships.md): the common case is one statement (member-fast-grant.ts);
 * anything else is decided here from what it read, and a grant it did not make is inserted only
 * while the membership is still in that period, not ended, and the period's grants leave room. The primary key of member_redemptions
 * (membership, show) makes simultaneous attempts at one show grant once.
 */
export async function redeemMemberCode(
  deps: MemberDeps,
  code: string,
  anonymous: boolean,
): Promise<Redemption | undefined> {
  const now = deps.clock.now()
  const attempt = await tryFastGrant(deps.db, code, anonymous, now)
  if (!attempt) return undefined
  const { membership, show } = attempt
  const result =
    attempt.grant === undefined
      ? await grantOrRefuse(deps.db, membership, show, anonymous, now)
      : grantedFast(membership, attempt.grant)
  if (!result) return undefined
  const showName = (show?.name ?? '').slice(0, maxShowLength)
  const about = { product: result.tier, show: showName, left: result.left }
  switch (result.outcome) {
    case 'granted': {
      const redemption = deps.redemptionId(memberGrantRecord(result.membershipId, show?.id ?? ''))
      if (result.grant) deps.onGranted?.({ ...result.grant, redemption })
      return answer(
        'redeemed',
        memberGrantedMessage(result.tier, result.boosts, anonymous, result.left, result.comic),
        {
          comic: result.comic,
          ...about,
          anonymous,
          boosts: result.boosts,
          perks: tierRules[result.tier].perks.join(','),
          redemption,
        },
      )
    }
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
  /** A grant: the comic credited, as the answer's `comic` carries it; empty: the show's pot. */
  comic: string
  /** A grant: as its statement returned it. */
  grant?: GrantFacts | undefined
}

/** The one-statement grant (member-fast-grant.ts), as the full decision would have told it. */
function grantedFast(
  membership: Membership & { used: number | string | null },
  grant: GrantFacts,
): Decided {
  const before = Math.max(0, membership.period_allowance - toCount(membership.used))
  return {
    outcome: 'granted',
    membershipId: membership.id,
    tier: membership.tier,
    boosts: grant.boosts,
    left: before - grant.boosts,
    comic: comicField(grant.comic?.name ?? ''),
    grant,
  }
}

/** What the membership may grant at this show, and the grant recorded if any. */
async function grantOrRefuse(
  db: Db,
  membership: Membership & { used: number | string | null },
  show: { id: string } | undefined,
  anonymous: boolean,
  now: Date,
): Promise<Decided> {
  const decided = (outcome: Outcome, left = 0, boosts = 0, comic = ''): Decided => ({
    outcome,
    membershipId: membership.id,
    tier: membership.tier,
    boosts,
    left,
    comic: comicField(comic),
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
    const earlier = await grantedAt(db, membership.id, show.id)
    return decided(earlier ? 'already_redeemed' : 'allowance_used', before)
  }
  // Checked again as the row goes in: a renewal, an end or another show's grant since the read
  // leaves no room for it, and the attempt is answered as the membership now stands. Credited
  // as a show code's grant is, through grant_credit (docs/decisions/024-attribution-and-settlement.md).
  const recorded = await sql<{
    boosts: number
    redeemed_at: Date
    set_id: number | null
    comic_id: string | null
    comic: string | null
    name: string | null
    message: string | null
    message_state: MessageState | null
  }>`
    with credit as (select set_id, comic_id, comic, since from grant_credit(${show.id})),
    g as (
    insert into member_redemptions
      (membership_id, show_id, period_start, boosts, anonymous, redeemed_at, tier, set_id,
        name, message, message_state)
    select m.id, ${show.id}, m.period_start, ${boosts}::integer, ${anonymous}::boolean,
      greatest(${now}::timestamptz, (select since from credit)), m.tier,
      (select set_id from credit),
      case when ${anonymous}::boolean then null else nullif(m.display_name, '') end,
      nullif(m.stage_message, ''), fan_message_state(m.stage_message)
    from memberships m
    where m.id = ${membership.id}
      and m.period_start = ${periodStart}::timestamptz
      and m.status <> 'ended'
      and m.period_allowance - (
        select coalesce(sum(r.boosts), 0) from member_redemptions r
        where r.membership_id = m.id and r.period_start = m.period_start
      ) >= ${boosts}::integer
    on conflict (membership_id, show_id) do nothing
    returning membership_id, boosts, redeemed_at, set_id, name, message, message_state,
      (select comic_id from credit) as comic_id, (select comic from credit) as comic
    ), said as (
      -- The message was for this gift: it does not follow the member to the next show.
      update memberships set stage_message = null where id in (select membership_id from g)
    )
    select boosts, redeemed_at, set_id, name, message, message_state, comic_id, comic
    from g`.execute(db)
  const row = recorded.rows[0]
  if (!row) {
    const earlier = await grantedAt(db, membership.id, show.id)
    return decided(earlier ? 'already_redeemed' : 'allowance_used', before)
  }
  const grant = memberGrantOf({ ...row, show_id: show.id, anonymous, tier: membership.tier })
  return { ...decided('granted', before - boosts, boosts, row.comic ?? ''), grant }
}

async function grantedAt(db: Db, membershipId: string, showId: string): Promise<boolean> {
  const row = await db
    .selectFrom('member_redemptions')
    .select('boosts')
    .where('membership_id', '=', membershipId)
    .where('show_id', '=', showId)
    .executeTakeFirst()
  return row !== undefined
}
