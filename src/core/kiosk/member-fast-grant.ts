import { sql } from 'kysely'
import { tierIds, tierRules } from '../../shared/memberships'
import type { MessageState } from '../../shared/moderation'
import type { Membership } from '../db/membership-tables'
import { prepared } from '../db/prepared'
import type { Db } from '../db/schema'
import { type GrantFacts, memberGrantOf } from '../grants/grant'
import { eventsNotEnded } from '../schedule/events'

/** A member code's attempt as one statement saw it: the membership, the show, and any grant. */
export interface FastAttempt {
  membership: Membership & { used: number | string | null }
  /** The show on now (started, not ended), if any. */
  show: { id: string; name: string } | undefined
  /** The grant the statement itself made, as it returned it; undefined when it granted nothing. */
  grant: GrantFacts | undefined
}

/** The tier's boosts at one show, as SQL: `case m.tier when 'membership-1' then 5 ... end`. */
const boostsPerShowSql = sql`case m.tier ${sql.join(
  tierIds.map((tier) => sql`when ${tier} then ${tierRules[tier].boostsPerShow}::integer`),
  sql` `,
)} else 0 end`

/**
 * The common case of a member code at the kiosk in one round trip, as a show code's is: the
 * membership (with its period's sum) and the show on now are read, and the grant inserted, in
 * one statement. It grants only in the plain case: paid up (`active`) within a paid period,
 * during a show, with room left in the period; whatever it does not grant (a repeat, a grace
 * period, a refusal) goes to the full decision in member-redeem.ts, which answers it. Its
 * conditions are the full decision's, never looser. Undefined when no membership has the code.
 * The grant is credited to the comic on stage through grant_credit(show), and stamped within
 * their set, as a show code's is (src/core/kiosk/redeem.ts;
 * docs/decisions/024-attribution-and-settlement.md), and returned whole: nothing is read back.
 */
export async function tryFastGrant(
  db: Db,
  code: string,
  anonymous: boolean,
  now: Date,
): Promise<FastAttempt | undefined> {
  const show = eventsNotEnded(db, now).select(['id', 'name', 'starts_at']).limit(1)
  const member = db
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
  const result = await sql<
    Membership & {
      used: number | string | null
      on_show_id: string | null
      on_show_name: string | null
      on_show_starts_at: Date | null
      granted_boosts: number | null
      granted_at: Date | null
      granted_set_id: number | null
      comic_id: string | null
      comic: string | null
      granted_name: string | null
      granted_message: string | null
      granted_message_state: MessageState | null
    }
  >`${prepared}
    with s as (${show}), m as (${member}),
    credit as (select f.set_id, f.comic_id, f.comic, f.since from s, grant_credit(s.id) f),
    g as (
      insert into member_redemptions
        (membership_id, show_id, period_start, boosts, anonymous, redeemed_at, tier, set_id,
          name, message, message_state)
      select m.id, s.id, m.period_start,
        least(${boostsPerShowSql}, m.period_allowance - m.used), ${anonymous}::boolean,
        greatest(${now}::timestamptz, (select since from credit)), m.tier,
        (select set_id from credit),
        case when ${anonymous}::boolean then null else nullif(m.display_name, '') end,
        nullif(m.stage_message, ''), fan_message_state(m.stage_message)
      from m, s
      where s.starts_at <= ${now}::timestamptz
        and m.status = 'active'
        and m.period_start is not null
        and m.period_end > ${now}::timestamptz
        and m.period_allowance - m.used > 0
      on conflict (membership_id, show_id) do nothing
      returning membership_id, boosts, redeemed_at, set_id, name, message, message_state
    ), said as (
      -- The message was for this gift: it does not follow the member to the next show.
      update memberships set stage_message = null where id in (select membership_id from g)
    )
    select m.*, s.id as on_show_id, s.name as on_show_name, s.starts_at as on_show_starts_at,
      g.boosts as granted_boosts, g.redeemed_at as granted_at, g.set_id as granted_set_id,
      g.name as granted_name, g.message as granted_message,
      g.message_state as granted_message_state, credit.comic_id, credit.comic
    from m left join s on true left join g on true left join credit on true`.execute(db)
  const row = result.rows[0]
  if (!row) return undefined
  const { on_show_id, on_show_name, on_show_starts_at, ...rest } = row
  const { granted_boosts, granted_at, granted_set_id, comic_id, comic, ...granted } = rest
  const { granted_name, granted_message, granted_message_state, ...membership } = granted
  const startsAt = on_show_starts_at === null ? null : new Date(on_show_starts_at)
  const live = on_show_id !== null && startsAt !== null && startsAt <= now
  const grant =
    granted_boosts === null || granted_at === null
      ? undefined
      : memberGrantOf({
          show_id: on_show_id,
          set_id: granted_set_id,
          boosts: granted_boosts,
          anonymous,
          redeemed_at: granted_at,
          comic_id,
          comic,
          tier: membership.tier,
          name: granted_name,
          message: granted_message,
          message_state: granted_message_state,
        })
  return {
    membership,
    show: live ? { id: on_show_id, name: on_show_name ?? '' } : undefined,
    grant,
  }
}
