import { sql } from 'kysely'
import { limits } from '../../shared/limits'
import type { SettlementSummary, SettlementView } from '../../shared/settlements'
import type { Db, EventRow } from '../db/schema'
import { refuse } from '../refusal'
import { findEvent } from '../schedule/events'
import { adjustmentViews, landedAdjustments, pendingAdjustments } from './adjustments'
import { settlementTexts as texts } from './settlement-texts'
import { liveSplit, termsOf } from './show-credit'
import { readTerms } from './terms'

/**
 * Settlements per show (docs/comics.md, "Settling with the comics"): open, a show's split as it
 * stands now with the host's terms now; closed, the split as it was when the host closed it,
 * never rewritten. A change at a closed show since (a refund, a dispute, a member's payment taken
 * back) is the difference between its split now, with its own terms, and what was closed plus
 * what landed already: it lands on the next settlement closed, as adjustments.
 */

export async function showOrRefuse(db: Db, showId: string): Promise<EventRow> {
  const show = await findEvent(db, showId)
  if (!show) throw refuse.notFound(texts.noShow(showId))
  return show
}

const showRef = (show: EventRow) => ({
  id: show.id,
  name: show.name,
  startsAt: show.starts_at.toISOString(),
})

/** Comic names and slugs by id. */
async function comicsById(db: Db, ids: string[]) {
  const rows =
    ids.length > 0
      ? await db
          .selectFrom('comics')
          .select(['id', 'slug', 'name'])
          .where('id', 'in', ids)
          .execute()
      : []
  return (id: string) => rows.find((c) => c.id === id) ?? { id, slug: id, name: id }
}

/** A show's settlement: as closed, or as it stands now (with what would land on it). */
export async function settlementView(db: Db, show: EventRow): Promise<SettlementView> {
  const closed = await db
    .selectFrom('settlements')
    .selectAll()
    .where('show_id', '=', show.id)
    .executeTakeFirst()
  if (closed) {
    const lines = await db
      .selectFrom('settlement_lines')
      .selectAll()
      .where('show_id', '=', show.id)
      .orderBy('owed_cents', 'desc')
      .orderBy('comic_id')
      .execute()
    const comic = await comicsById(
      db,
      lines.map((l) => l.comic_id),
    )
    return {
      show: showRef(show),
      closed: true,
      closedAt: closed.closed_at.toISOString(),
      closedBy: closed.closed_by,
      terms: termsOf(closed),
      moneyCents: closed.money_cents,
      takenCents: closed.taken_cents,
      memberValueCents: closed.member_value_cents,
      pot: {
        codeBoosts: closed.pot_code_boosts,
        memberBoosts: closed.pot_member_boosts,
        anonymousBoosts: closed.pot_anonymous_boosts,
        creditedCents: closed.pot_cents,
        comicsCents: closed.pot_comics_cents,
        waitingCents: 0,
      },
      lines: lines.map((l) => ({
        comic: comic(l.comic_id),
        codeBoosts: l.code_boosts,
        memberBoosts: l.member_boosts,
        anonymousBoosts: l.anonymous_boosts,
        creditedCents: l.credited_cents,
        potCents: l.pot_cents,
        owedCents: l.owed_cents,
      })),
      comicsCents: closed.comics_cents,
      clubCents: closed.club_cents,
      adjustments: await landedAdjustments(db, show),
    }
  }
  const terms = await readTerms(db)
  const split = await liveSplit(db, show.id, terms)
  const comic = await comicsById(
    db,
    split.lines.map((l) => l.comicId),
  )
  return {
    show: showRef(show),
    closed: false,
    closedAt: null,
    closedBy: null,
    terms,
    moneyCents: split.moneyCents,
    takenCents: split.takenCents,
    memberValueCents: split.memberValueCents,
    pot: split.pot,
    lines: split.lines
      .map(({ comicId, memberCents: _, ...line }) => ({ comic: comic(comicId), ...line }))
      .sort((a, b) => b.owedCents - a.owedCents || a.comic.name.localeCompare(b.comic.name)),
    comicsCents: split.comicsCents,
    clubCents: split.clubCents,
    adjustments: await adjustmentViews(db, show, await pendingAdjustments(db, show.id)),
  }
}

/**
 * Closes a show's settlement: its split now, with the terms now, is written once and never
 * again (the primary key refuses a second close), and every change at an earlier closed show
 * lands on it as adjustments. Closes are taken one at a time (a table lock), so a change lands
 * once. A show still on (its codes redeem until 3 hours after its start) cannot close, nor one
 * whose pot has money for the comics and no comics to share it (the pot is never the club's).
 */
export async function closeSettlement(
  db: Db,
  showId: string,
  closedBy: string,
  now: Date,
): Promise<EventRow> {
  if (!db.isTransaction)
    return db.transaction().execute((trx) => closeSettlement(trx, showId, closedBy, now))
  const show = await showOrRefuse(db, showId)
  if (now.getTime() < show.starts_at.getTime() + limits.showRolloverMs)
    throw refuse.invalid(texts.notOver(show.name))
  await sql`lock table settlements in share row exclusive mode`.execute(db)
  const terms = await readTerms(db)
  const split = await liveSplit(db, show.id, terms)
  if (split.pot.waitingCents > 0)
    throw refuse.conflict(texts.potWaits(show.name, split.pot.waitingCents))
  const inserted = await db
    .insertInto('settlements')
    .values({
      show_id: show.id,
      closed_at: now,
      closed_by: closedBy,
      share_percent: terms.sharePercent,
      member_boost_cents: terms.memberBoostCents,
      pot_rule: terms.potRule,
      taken_cents: split.takenCents,
      member_value_cents: split.memberValueCents,
      money_cents: split.moneyCents,
      comics_cents: split.comicsCents,
      club_cents: split.clubCents,
      pot_code_boosts: split.pot.codeBoosts,
      pot_member_boosts: split.pot.memberBoosts,
      pot_anonymous_boosts: split.pot.anonymousBoosts,
      pot_cents: split.pot.creditedCents,
      pot_comics_cents: split.pot.comicsCents,
    })
    .onConflict((oc) => oc.column('show_id').doNothing())
    .returning('show_id')
    .executeTakeFirst()
  if (!inserted) throw refuse.conflict(texts.alreadyClosed(show.name))
  if (split.lines.length > 0) {
    await db
      .insertInto('settlement_lines')
      .values(
        split.lines.map((line) => ({
          show_id: show.id,
          comic_id: line.comicId,
          code_boosts: line.codeBoosts,
          member_boosts: line.memberBoosts,
          anonymous_boosts: line.anonymousBoosts,
          credited_cents: line.creditedCents,
          member_cents: line.memberCents,
          pot_cents: line.potCents,
          owed_cents: line.owedCents,
        })),
      )
      .execute()
  }
  const pending = await pendingAdjustments(db, show.id)
  if (pending.length > 0) {
    await db
      .insertInto('settlement_adjustments')
      .values(
        pending.map((p) => ({
          show_id: show.id,
          from_show_id: p.fromShowId,
          comic_id: p.comicId,
          cents: p.cents,
        })),
      )
      .execute()
  }
  return show
}

/**
 * Shows that started before `now` (not removed) and have money or sets, latest first, each
 * with where its settlement stands; those of one month (Central time) when `month` is given.
 */
export async function listSettlements(
  db: Db,
  now: Date,
  range: { from: Date; to: Date } | undefined,
): Promise<SettlementSummary[]> {
  let query = db
    .selectFrom('events as e')
    .selectAll('e')
    .where('e.removed_at', 'is', null)
    .where('e.starts_at', '<=', now)
    .where((eb) =>
      eb.or([
        eb.exists(eb.selectFrom('orders').select('id').whereRef('orders.show_id', '=', 'e.id')),
        eb.exists(
          eb
            .selectFrom('member_redemptions')
            .select('show_id')
            .whereRef('member_redemptions.show_id', '=', 'e.id'),
        ),
        eb.exists(eb.selectFrom('sets').select('id').whereRef('sets.show_id', '=', 'e.id')),
        eb.exists(
          eb
            .selectFrom('settlements')
            .select('show_id')
            .whereRef('settlements.show_id', '=', 'e.id'),
        ),
      ]),
    )
  if (range)
    query = query.where('e.starts_at', '>=', range.from).where('e.starts_at', '<', range.to)
  const shows = await query.orderBy('e.starts_at', 'desc').orderBy('e.id').limit(200).execute()
  const summaries: SettlementSummary[] = []
  for (const show of shows) {
    const view = await settlementView(db, show)
    summaries.push({
      show: view.show,
      closed: view.closed,
      moneyCents: view.moneyCents,
      comicsCents: view.comicsCents,
      clubCents: view.clubCents,
      boosts:
        view.lines.reduce((sum, l) => sum + l.codeBoosts + l.memberBoosts, 0) +
        view.pot.codeBoosts +
        view.pot.memberBoosts,
    })
  }
  return summaries
}
