import { escapeHtml } from '../../shared/escape-html'
import { formatUsd } from '../../shared/money'
import { type ComicReportRow, comicsReportTexts } from '../../shared/settlements'
import { token } from '../mail/design-tokens'
import { axisTicks, csvField } from '../reports/report-files'

const dollars = (cents: number) => formatUsd(cents).replace(/^\$/, '').replace(/,/g, '')

/** The comics report as CSV (RFC 4180, CRLF lines), money in dollars. */
export function comicsReportCsv(rows: ComicReportRow[], by: 'show' | 'month'): string {
  const header = [
    by === 'show' ? 'show_id' : 'month',
    by === 'show' ? 'show' : 'month_name',
    'comic_id',
    'comic',
    'show_code_boosts',
    'member_boosts',
    'anonymous_boosts',
    'credited_usd',
    'owed_usd',
    'closed',
  ]
  const lines = rows.map((row) =>
    [
      row.key,
      row.label,
      row.comic.id,
      row.comic.name,
      row.codeBoosts,
      row.memberBoosts,
      row.anonymousBoosts,
      dollars(row.creditedCents),
      dollars(row.owedCents),
      row.closed ? 'yes' : 'no',
    ]
      .map(csvField)
      .join(','),
  )
  return `${[header.join(','), ...lines].join('\r\n')}\r\n`
}

/**
 * What each comic is owed for the shows of the last `months` months, as an SVG bar chart drawn
 * here (the console loads no chart library), one bar per comic, most owed first.
 */
export function comicsChartSvg(rows: ComicReportRow[], months: number): string {
  const totals = new Map<string, { name: string; cents: number; boosts: number }>()
  for (const row of rows) {
    const total = totals.get(row.comic.id) ?? { name: row.comic.name, cents: 0, boosts: 0 }
    total.cents += row.owedCents
    total.boosts += row.codeBoosts + row.memberBoosts
    totals.set(row.comic.id, total)
  }
  const bars = [...totals.values()].sort((a, b) => b.cents - a.cents).slice(0, 20)
  const width = 720
  const left = 160
  const right = 24
  const top = 16
  const rowHeight = 28
  const height = top + Math.max(1, bars.length) * rowHeight + 32
  const plotWidth = width - left - right
  const { ceiling, ticks } = axisTicks(Math.max(10, ...bars.map((b) => Math.ceil(b.cents / 100))))
  const x = (dollarsValue: number) => left + (dollarsValue / ceiling) * plotWidth
  const drawn = bars
    .map((bar, i) => {
      const y = top + i * rowHeight + 4
      const w = Math.max(1, x(bar.cents / 100) - left)
      const what = `${bar.name}: ${formatUsd(bar.cents)} owed, ${bar.boosts} boosts`
      return `<text x="${left - 8}" y="${y + 15}" text-anchor="end">${escapeHtml(bar.name.slice(0, 24))}</text><rect x="${left}" y="${y}" width="${w.toFixed(1)}" height="20" fill="${token('--color-accent')}"><title>${escapeHtml(what)}</title></rect>`
    })
    .join('')
  const grid = ticks
    .map(
      (tick) =>
        `<line y1="${top}" y2="${height - 28}" x1="${x(tick).toFixed(1)}" x2="${x(tick).toFixed(1)}" stroke="${token('--color-border')}"/><text y="${height - 10}" x="${x(tick).toFixed(1)}" text-anchor="middle">$${tick}</text>`,
    )
    .join('')
  const owed = bars.reduce((sum, bar) => sum + bar.cents, 0)
  const summary = comicsReportTexts.chartSummary(months, bars.length, owed)
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-labelledby="t d" font-family="system-ui, sans-serif" font-size="12" fill="${token('--color-text')}"><title id="t">${escapeHtml(comicsReportTexts.chartTitle)}</title><desc id="d">${escapeHtml(summary)}</desc><rect width="${width}" height="${height}" fill="${token('--color-bg')}"/>${grid}${drawn}</svg>`
}
