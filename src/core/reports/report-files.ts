import { consolePageTexts } from '../../shared/console'
import { escapeHtml } from '../../shared/escape-html'
import { formatUsd } from '../../shared/money'
import type { BoostsPoint, ReportRow } from '../../shared/operator-views'
import { showTimeZone } from '../../shared/show-time'
import { token } from '../mail/design-tokens'

/**
 * One CSV field: quoted when it holds a separator any spreadsheet may split on (a comma, or the
 * semicolon or tab of other locales), a quote or a line break; formulas defused.
 */
export function csvField(value: string | number | null): string {
  let text = value === null ? '' : String(value)
  // A cell starting with = + - @ is a formula to a spreadsheet: a show name must stay text.
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",;\t\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** A report by show or by month as CSV (RFC 4180, CRLF lines), money in dollars. */
export function reportCsv(rows: ReportRow[], keyTitle: 'show' | 'month'): string {
  const header = [
    keyTitle === 'show' ? 'show_id' : 'month',
    keyTitle === 'show' ? 'show' : 'month_name',
    'starts_at',
    'orders',
    'codes_sold',
    'redeemed',
    'anonymous',
    'voided',
    'refunded_orders',
    'disputed_orders',
    'taken_usd',
    'refunded_usd',
    'disputed_usd',
  ]
  const dollars = (cents: number) => formatUsd(cents).replace(/^\$/, '').replace(/,/g, '')
  const lines = rows.map((row) =>
    [
      row.key,
      row.label,
      row.startsAt,
      row.orders,
      row.sold,
      row.redeemed,
      row.anonymous,
      row.voided,
      row.refundedOrders,
      row.disputedOrders,
      dollars(row.takenCents),
      dollars(row.refundedCents),
      dollars(row.disputedCents),
    ]
      .map(csvField)
      .join(','),
  )
  return `${[header.join(','), ...lines].join('\r\n')}\r\n`
}

/**
 * Boosts per show as an SVG bar chart, drawn here so the console loads no chart library. The
 * figures are also in the page's table; the SVG's <title> and <desc> say what it shows.
 */
export function boostsChartSvg(points: BoostsPoint[], months: number): string {
  const width = 720
  const height = 300
  const left = 48
  const bottom = 40
  const top = 24
  const plotWidth = width - left - 16
  const plotHeight = height - top - bottom
  const { ceiling, ticks } = axisTicks(Math.max(10, ...points.map((point) => point.boosts)))
  const slot = points.length > 0 ? plotWidth / points.length : plotWidth
  const barWidth = Math.max(2, Math.min(36, slot * 0.7))
  const y = (value: number) => top + plotHeight - (value / ceiling) * plotHeight
  const day = (iso: string) =>
    new Date(iso).toLocaleDateString('en-US', {
      month: 'short',
      day: 'numeric',
      timeZone: showTimeZone,
    })
  const labelEvery = Math.max(1, Math.ceil(points.length / 8))
  const bars = points
    .map((point, i) => {
      const x = left + i * slot + (slot - barWidth) / 2
      const label =
        i % labelEvery === 0
          ? `<text x="${(x + barWidth / 2).toFixed(1)}" y="${height - bottom + 18}" text-anchor="middle">${escapeHtml(day(point.startsAt))}</text>`
          : ''
      return `<rect x="${x.toFixed(1)}" y="${y(point.boosts).toFixed(1)}" width="${barWidth.toFixed(1)}" height="${(top + plotHeight - y(point.boosts)).toFixed(1)}" fill="${token('--color-accent')}"><title>${escapeHtml(`${point.name}, ${day(point.startsAt)}: ${point.boosts} boosts, ${point.memberBoosts} of them from members`)}</title></rect>${label}`
    })
    .join('')
  const grid = ticks
    .map(
      (tick) =>
        `<line x1="${left}" x2="${width - 16}" y1="${y(tick).toFixed(1)}" y2="${y(tick).toFixed(1)}" stroke="${token('--color-border')}"/><text x="${left - 8}" y="${(y(tick) + 4).toFixed(1)}" text-anchor="end">${tick}</text>`,
    )
    .join('')
  const total = points.reduce((sum, point) => sum + point.boosts, 0)
  const most = Math.max(0, ...points.map((p) => p.boosts))
  const summary = consolePageTexts.reports.chartSummary(months, points.length, total, most)
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-labelledby="t d" font-family="system-ui, sans-serif" font-size="12" fill="${token('--color-text')}"><title id="t">Boosts per show</title><desc id="d">${escapeHtml(summary)}</desc><rect width="${width}" height="${height}" fill="${token('--color-bg')}"/>${grid}${bars}</svg>`
}

/** Whole, round ticks from 0 to at least `max`: a step of 1, 2 or 5 times a power of ten, 3 to 5 ticks. */
export function axisTicks(max: number): { ceiling: number; ticks: number[] } {
  const raw = max / 4
  const power = 10 ** Math.floor(Math.log10(raw))
  const step = ([1, 2, 5, 10].find((nice) => nice * power >= raw) ?? 10) * Math.max(1, power)
  const ceiling = Math.ceil(max / step) * step
  const ticks: number[] = []
  for (let tick = 0; tick <= ceiling; tick += step) ticks.push(tick)
  return { ceiling, ticks }
}
