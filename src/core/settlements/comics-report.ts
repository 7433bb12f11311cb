import type { ComicReportRow } from '../../shared/settlements'
import type { Db } from '../db/schema'
import { settlementView } from './show-settlements'
import { monthOf } from './statement'

/**
 * The console's comics report: one row per comic per show (latest show first) for the shows
 * that started in the last `months` months, or the same summed per comic per month (Central
 * time). Closed shows as closed, others as they stand now.
 */
export async function comicsReport(
  db: Db,
  now: Date,
  options: { by: 'show' | 'month'; months: number },
): Promise<ComicReportRow[]> {
  const since = new Date(now.getTime() - options.months * 30.5 * 24 * 60 * 60_000)
  const shows = await db
    .selectFrom('events')
    .selectAll()
    .where('removed_at', 'is', null)
    .where('starts_at', '>=', since)
    .where('starts_at', '<=', now)
    .orderBy('starts_at', 'desc')
    .orderBy('id')
    .execute()
  const rows: ComicReportRow[] = []
  for (const show of shows) {
    const view = await settlementView(db, show)
    const key = options.by === 'show' ? show.id : monthOf(show.starts_at)
    for (const line of view.lines) {
      const found =
        options.by === 'month'
          ? rows.find((row) => row.key === key && row.comic.id === line.comic.id)
          : undefined
      if (found) {
        found.codeBoosts += line.codeBoosts
        found.memberBoosts += line.memberBoosts
        found.anonymousBoosts += line.anonymousBoosts
        found.creditedCents += line.creditedCents
        found.owedCents += line.owedCents
        found.closed &&= view.closed
        continue
      }
      rows.push({
        key,
        label: options.by === 'show' ? show.name : key,
        comic: { id: line.comic.id, name: line.comic.name },
        codeBoosts: line.codeBoosts,
        memberBoosts: line.memberBoosts,
        anonymousBoosts: line.anonymousBoosts,
        creditedCents: line.creditedCents,
        owedCents: line.owedCents,
        closed: view.closed,
      })
    }
  }
  return rows
}
