import { limits } from '../../shared/limits'
import type {
  BooksOverview,
  ClosePreview,
  PayoutPreview,
  SettlementView,
  StatementsPreview,
} from '../../shared/settlements'
import { readableMonth } from '../../shared/statement-ledger'
import type { ComicRow } from '../db/comic-tables'
import type { Db, EventRow } from '../db/schema'
import { pendingAdjustments } from './adjustments'
import { type NewPayout, payoutRefusal } from './payouts'
import { bookPreviewTexts, settlementTexts } from './settlement-texts'
import { listSettlements, settlementView, showOrRefuse } from './show-settlements'
import { comicBalance, monthOf, monthRange } from './statement'
import { comicsWithBooks, monthStatementKey } from './statement-mail'

/**
 * The books in the console (docs/console.md, "Books"): what each book action will do, computed
 * by the code that does it and touching nothing, so the console's confirmation and the command
 * line's --check say the same figures to the cent as the action then does.
 */

export type CloseInput = { show: string } | { month: string }

/**
 * The shows a close takes, in the order it closes them: the one show (its refusals are the
 * close's own), or every open show of the month that is over and has no pot waiting; the others
 * of the month stay open, each with why.
 */
export async function closeSelection(
  db: Db,
  now: Date,
  input: CloseInput,
): Promise<{ shows: string[]; skipped: { id: string; name: string; why: string }[] }> {
  if ('show' in input) return { shows: [input.show], skipped: [] }
  const open = (await listSettlements(db, now, monthRange(input.month)))
    .filter((s) => !s.closed)
    .reverse()
  const shows: string[] = []
  const skipped: { id: string; name: string; why: string }[] = []
  for (const summary of open) {
    const show = await showOrRefuse(db, summary.show.id)
    if (now.getTime() < show.starts_at.getTime() + limits.showRolloverMs) {
      skipped.push({ id: show.id, name: show.name, why: settlementTexts.notOver(show.name) })
      continue
    }
    const waiting = (await settlementView(db, show)).pot.waitingCents
    if (waiting > 0) {
      skipped.push({
        id: show.id,
        name: show.name,
        why: settlementTexts.potWaits(show.name, waiting),
      })
      continue
    }
    shows.push(show.id)
  }
  return { shows, skipped }
}

/** Why closing this one show is refused now, or null: the refusals closeSettlement throws. */
function closeRefusal(show: EventRow, view: SettlementView, now: Date): string | null {
  if (now.getTime() < show.starts_at.getTime() + limits.showRolloverMs)
    return settlementTexts.notOver(show.name)
  if (view.closed) return settlementTexts.alreadyClosed(show.name)
  if (view.pot.waitingCents > 0) return settlementTexts.potWaits(show.name, view.pot.waitingCents)
  return null
}

/** Whom a month's close mails its statement: the month over and none of its shows left open. */
async function statementsOfMonth(
  db: Db,
  month: string,
  now: Date,
  leftOpen: number,
  closing: SettlementView[],
): Promise<ClosePreview['statements']> {
  const none = { toMail: [], withoutAddress: [] }
  if (now < monthRange(month).to) return { ...none, held: settlementTexts.monthNotOver(month) }
  if (leftOpen > 0) return { ...none, held: settlementTexts.monthLeftOpen(month, leftOpen) }
  // The comics the month has now, and those the close gives a line or lands a change on.
  const comics = new Map((await comicsWithBooks(db, month)).map((c) => [c.id, c]))
  const joining = new Set(closing.flatMap((v) => v.lines.map((l) => l.comic.id)))
  if (closing.length > 0)
    for (const p of await pendingAdjustments(db)) if (p.comicId) joining.add(p.comicId)
  const missing = [...joining].filter((id) => !comics.has(id))
  if (missing.length > 0) {
    const rows = await db.selectFrom('comics').selectAll().where('id', 'in', missing).execute()
    for (const row of rows) comics.set(row.id, row)
  }
  const ordered = [...comics.values()].sort(
    (a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id),
  )
  const sent = new Set(
    (
      await db
        .selectFrom('mail_outbox')
        .select('dedupe_key')
        .where(
          'dedupe_key',
          'in',
          ordered.map((c) => monthStatementKey(c.id, month)),
        )
        .execute()
    ).map((r) => r.dedupe_key),
  )
  return {
    toMail: ordered
      .filter((c) => c.payout_email && !sent.has(monthStatementKey(c.id, month)))
      .map((c) => c.name),
    withoutAddress: ordered.filter((c) => !c.payout_email).map((c) => c.name),
    held: null,
  }
}

/** What `settlements.close` would do with this input now. */
export async function closePreview(db: Db, now: Date, input: CloseInput): Promise<ClosePreview> {
  let views: SettlementView[] = []
  let leftOpen: ClosePreview['leftOpen'] = []
  let refusal: string | null = null
  if ('show' in input) {
    const show = await showOrRefuse(db, input.show)
    const view = await settlementView(db, show)
    refusal = closeRefusal(show, view, now)
    if (!refusal) views = [view]
  } else {
    const selection = await closeSelection(db, now, input)
    leftOpen = selection.skipped
    for (const id of selection.shows)
      views.push(await settlementView(db, await showOrRefuse(db, id)))
  }
  const comicsCents = views.reduce((sum, v) => sum + v.comicsCents, 0)
  const comics = new Set(
    views.flatMap((v) => v.lines.filter((l) => l.owedCents > 0).map((l) => l.comic.id)),
  ).size
  const statements =
    'month' in input
      ? await statementsOfMonth(db, input.month, now, leftOpen.length, views)
      : { toMail: [], withoutAddress: [], held: null }
  const sentence =
    'month' in input
      ? bookPreviewTexts.closeMonth(readableMonth(input.month), views.length, comicsCents, comics)
      : (refusal ?? bookPreviewTexts.closeShow(views[0]?.show.name ?? '', comicsCents, comics))
  return {
    sentence,
    shows: views.map((v) => ({ id: v.show.id, name: v.show.name, comicsCents: v.comicsCents })),
    comicsCents,
    comics,
    leftOpen,
    refusal,
    statements,
  }
}

/** What `payouts.record` would do with this payout now, or why it is refused. */
export async function payoutPreview(
  db: Db,
  comic: ComicRow,
  payout: NewPayout & { force?: boolean | undefined },
): Promise<PayoutPreview> {
  const refusal = await payoutRefusal(db, comic, payout)
  const { stillOwedCents } = await comicBalance(db, comic.id)
  return {
    sentence: bookPreviewTexts.payout(
      payout.amountCents,
      comic.name,
      payout.method?.trim() ?? '',
      payout.reference.trim(),
      payout.paidOn,
    ),
    comic: { id: comic.id, name: comic.name },
    stillOwedCents,
    afterCents: stillOwedCents - payout.amountCents,
    mailTo: comic.payout_email,
    refusal: payout.force ? null : (refusal?.message ?? null),
    forceable: !payout.force && refusal?.details.advice === 'force',
  }
}

/** The comics `statements.send` mails: the one named, or every comic with books. */
export async function statementRecipients(
  db: Db,
  comic: ComicRow | undefined,
): Promise<{ toMail: ComicRow[]; withoutAddress: ComicRow[] }> {
  const comics = comic ? [comic] : await comicsWithBooks(db)
  return {
    toMail: comics.filter((c) => c.payout_email),
    withoutAddress: comics.filter((c) => !c.payout_email),
  }
}

export async function statementsPreview(
  db: Db,
  comic: ComicRow | undefined,
): Promise<StatementsPreview> {
  const { toMail, withoutAddress } = await statementRecipients(db, comic)
  const one = comic && toMail[0]
  return {
    sentence: one?.payout_email
      ? bookPreviewTexts.statementsOne(one.name, one.payout_email)
      : bookPreviewTexts.statements(toMail.length, withoutAddress.length),
    toMail: toMail.map((c) => ({ id: c.id, name: c.name })),
    withoutAddress: withoutAddress.map((c) => c.name),
  }
}

/** The Books page: open shows, the last months with shows, and what each comic is owed. */
export async function booksOverview(db: Db, now: Date): Promise<BooksOverview> {
  const all = await listSettlements(db, now, undefined)
  const months = new Map<string, BooksOverview['months'][number]>()
  for (const s of all) {
    const month = monthOf(new Date(s.show.startsAt))
    const entry = months.get(month) ?? { month, shows: 0, open: 0, comicsCents: 0 }
    entry.shows += 1
    if (!s.closed) entry.open += 1
    entry.comicsCents += s.comicsCents
    months.set(month, entry)
  }
  const pending = await pendingAdjustments(db)
  const comics: BooksOverview['comics'] = []
  const open = all.filter((s) => !s.closed)
  const openViews = await Promise.all(
    open.map(async (s) => settlementView(db, await showOrRefuse(db, s.show.id))),
  )
  for (const comic of await comicsWithBooks(db)) {
    const { stillOwedCents } = await comicBalance(db, comic.id)
    const pendingCents =
      openViews.reduce(
        (sum, v) =>
          sum + v.lines.filter((l) => l.comic.id === comic.id).reduce((s, l) => s + l.owedCents, 0),
        0,
      ) + pending.filter((p) => p.comicId === comic.id).reduce((sum, p) => sum + p.cents, 0)
    if (comic.archived_at && stillOwedCents === 0 && pendingCents === 0) continue
    comics.push({
      id: comic.id,
      slug: comic.slug,
      name: comic.name,
      stillOwedCents,
      pendingCents,
      hasPayoutAddress: comic.payout_email !== null && comic.payout_email !== '',
    })
  }
  return { openShows: open, months: [...months.values()].slice(0, 6), comics }
}
