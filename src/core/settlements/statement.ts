import { sql } from 'kysely'
import type { ComicStatement, PayoutView, StatementShow } from '../../shared/settlements'
import { zonedParts, zonedTimeToUtc } from '../../shared/show-time'
import type { ComicRow } from '../db/comic-tables'
import type { Db } from '../db/schema'
import { pendingAdjustments } from './adjustments'
import { liveSplit } from './show-credit'
import { comicAdjustments } from './statement-adjustments'
import { readTerms } from './terms'

/** "2026-11" of an instant, in Central time. */
export function monthOf(instant: Date): string {
  const { year, month } = zonedParts(instant)
  return `${year}-${String(month).padStart(2, '0')}`
}

/** The instants a month (YYYY-MM, Central time) starts and ends. */
export function monthRange(month: string): { from: Date; to: Date } {
  const [year = 0, m = 1] = month.split('-').map(Number)
  const next = m === 12 ? { year: year + 1, month: 1 } : { year, month: m + 1 }
  return {
    from: zonedTimeToUtc({ year, month: m, day: 1, hour: 0, minute: 0 }),
    to: zonedTimeToUtc({ ...next, day: 1, hour: 0, minute: 0 }),
  }
}

/**
 * The shows of one comic, each as its settlement has it: closed (their line as closed) or not
 * closed yet (their line as it stands now, with the host's terms now). A show is theirs when
 * they had a set there, are on its bill and it has started, or were owed at its close.
 */
export async function comicShows(db: Db, comic: ComicRow, now: Date): Promise<StatementShow[]> {
  const shows = await db
    .selectFrom('events as e')
    .leftJoin('settlements as st', 'st.show_id', 'e.id')
    .leftJoin('settlement_lines as l', (join) =>
      join.onRef('l.show_id', '=', 'e.id').on('l.comic_id', '=', comic.id),
    )
    .select((eb) => [
      'e.id',
      'e.name',
      'e.starts_at',
      'st.show_id as closed',
      'st.share_percent',
      'st.member_boost_cents',
      'st.pot_rule',
      'st.pot_code_boosts',
      'st.pot_member_boosts',
      'st.pot_cents as pot_credited_cents',
      'st.pot_comics_cents',
      'l.code_boosts',
      'l.member_boosts',
      'l.anonymous_boosts',
      'l.credited_cents',
      'l.member_cents',
      'l.pot_cents',
      'l.owed_cents',
      eb
        .exists(
          eb
            .selectFrom('sets')
            .select('id')
            .whereRef('sets.show_id', '=', 'e.id')
            .where('sets.comic_id', '=', comic.id),
        )
        .as('had_set'),
    ])
    .where('e.removed_at', 'is', null)
    .where('e.starts_at', '<=', now)
    .where((eb) =>
      eb.or([
        eb('l.comic_id', 'is not', null),
        eb.exists(
          eb
            .selectFrom('sets')
            .select('id')
            .whereRef('sets.show_id', '=', 'e.id')
            .where('sets.comic_id', '=', comic.id),
        ),
        eb.exists(
          eb
            .selectFrom('lineups')
            .select('show_id')
            .whereRef('lineups.show_id', '=', 'e.id')
            .where('lineups.comic_id', '=', comic.id),
        ),
      ]),
    )
    .orderBy('e.starts_at', 'desc')
    .execute()
  const terms = await readTerms(db)
  const result: StatementShow[] = []
  for (const show of shows) {
    const base = {
      showId: show.id,
      showName: show.name,
      startsAt: show.starts_at.toISOString(),
      hadSet: Boolean(show.had_set),
    }
    if (show.closed) {
      // Closed without a line: on the bill, owed nothing.
      const credited = show.credited_cents ?? 0
      const member = show.member_cents ?? 0
      const pot = show.pot_cents ?? 0
      const owed = show.owed_cents ?? 0
      result.push({
        ...base,
        closed: true,
        codeBoosts: show.code_boosts ?? 0,
        memberBoosts: show.member_boosts ?? 0,
        anonymousBoosts: show.anonymous_boosts ?? 0,
        creditedCents: credited,
        codeCents: credited - member,
        memberCents: member,
        ownShareCents: owed - pot,
        potCents: pot,
        owedCents: owed,
        terms: {
          sharePercent: show.share_percent ?? terms.sharePercent,
          memberBoostCents: show.member_boost_cents ?? terms.memberBoostCents,
          potRule: show.pot_rule ?? terms.potRule,
        },
        pot: {
          boosts: (show.pot_code_boosts ?? 0) + (show.pot_member_boosts ?? 0),
          creditedCents: show.pot_credited_cents ?? 0,
          comicsCents: show.pot_comics_cents ?? 0,
        },
      })
      continue
    }
    const split = await liveSplit(db, show.id, terms)
    const line = split.lines.find((l) => l.comicId === comic.id)
    const credited = line?.creditedCents ?? 0
    const member = line?.memberCents ?? 0
    result.push({
      ...base,
      closed: false,
      codeBoosts: line?.codeBoosts ?? 0,
      memberBoosts: line?.memberBoosts ?? 0,
      anonymousBoosts: line?.anonymousBoosts ?? 0,
      creditedCents: credited,
      codeCents: credited - member,
      memberCents: member,
      ownShareCents: (line?.owedCents ?? 0) - (line?.potCents ?? 0),
      potCents: line?.potCents ?? 0,
      owedCents: line?.owedCents ?? 0,
      terms,
      pot: {
        boosts: split.pot.codeBoosts + split.pot.memberBoosts,
        creditedCents: split.pot.creditedCents,
        comicsCents: split.pot.comicsCents,
      },
    })
  }
  return result
}

export async function comicPayouts(db: Db, comic: ComicRow): Promise<PayoutView[]> {
  const rows = await db
    .selectFrom('comic_payouts')
    .selectAll()
    .where('comic_id', '=', comic.id)
    .orderBy('paid_on', 'desc')
    .orderBy('id', 'desc')
    .execute()
  return rows.map((row) => ({
    id: row.id,
    comic: { id: comic.id, name: comic.name },
    amountCents: row.amount_cents,
    paidOn: row.paid_on,
    reference: row.reference,
    method: row.method,
    recordedAt: row.recorded_at.toISOString(),
  }))
}

/** What the club owes a comic in all: closed lines plus adjustments landed, less payouts. */
export async function comicBalance(db: Db, comicId: string) {
  const [owed, adjusted, paid] = await Promise.all([
    db
      .selectFrom('settlement_lines')
      .select(sql<number>`coalesce(sum(owed_cents), 0)`.as('cents'))
      .where('comic_id', '=', comicId)
      .executeTakeFirst(),
    db
      .selectFrom('settlement_adjustments')
      .select(sql<number>`coalesce(sum(cents), 0)`.as('cents'))
      .where('comic_id', '=', comicId)
      .executeTakeFirst(),
    db
      .selectFrom('comic_payouts')
      .select(sql<number>`coalesce(sum(amount_cents), 0)`.as('cents'))
      .where('comic_id', '=', comicId)
      .executeTakeFirst(),
  ])
  const owedCents = Number(owed?.cents ?? 0) + Number(adjusted?.cents ?? 0)
  const paidCents = Number(paid?.cents ?? 0)
  return { owedCents, paidCents, stillOwedCents: owedCents - paidCents }
}

/**
 * A comic's statement (docs/comics.md, "Settling with the comics"): their shows with boosts and
 * lines, the adjustments landed and the payouts made, of one month (YYYY-MM, Central time) or of
 * all time, and where their account stands today: owed in all, paid, still owed, and pending
 * (shows not closed yet and changes not landed yet).
 */
export async function comicStatement(
  db: Db,
  comic: ComicRow,
  month: string | undefined,
  now: Date,
): Promise<ComicStatement> {
  const [shows, adjustments, payouts, balance, pending] = await Promise.all([
    comicShows(db, comic, now),
    comicAdjustments(db, comic),
    comicPayouts(db, comic),
    comicBalance(db, comic.id),
    pendingAdjustments(db),
  ])
  const inMonth = (at: Date) => month === undefined || monthOf(at) === month
  const ownShows = shows.filter((show) => inMonth(new Date(show.startsAt)))
  const landedIn = (a: { landedStartsAt: string }) => monthOf(new Date(a.landedStartsAt))
  const ownAdjustments = adjustments.filter((a) => month === undefined || landedIn(a) === month)
  const ownPayouts = payouts.filter((p) => month === undefined || p.paidOn.startsWith(month))
  // Before the period: what closed shows and adjustments owed, less what was paid.
  const before = (itemMonth: string) => month !== undefined && itemMonth < month
  const openingCents =
    shows
      .filter((s) => s.closed && before(monthOf(new Date(s.startsAt))))
      .reduce((sum, s) => sum + s.owedCents, 0) +
    adjustments.filter((a) => before(landedIn(a))).reduce((sum, a) => sum + a.cents, 0) -
    payouts.filter((p) => before(p.paidOn.slice(0, 7))).reduce((sum, p) => sum + p.amountCents, 0)
  const pendingCents =
    shows.filter((s) => !s.closed).reduce((sum, s) => sum + s.owedCents, 0) +
    pending.filter((p) => p.comicId === comic.id).reduce((sum, p) => sum + p.cents, 0)
  return {
    comic: { id: comic.id, slug: comic.slug, name: comic.name },
    month: month ?? null,
    shows: ownShows,
    adjustments: ownAdjustments,
    openingCents,
    payouts: ownPayouts,
    owedCents:
      ownShows.filter((s) => s.closed).reduce((sum, s) => sum + s.owedCents, 0) +
      ownAdjustments.reduce((sum, a) => sum + a.cents, 0),
    paidCents: ownPayouts.reduce((sum, p) => sum + p.amountCents, 0),
    balance: { ...balance, pendingCents },
  }
}
