import { operatorCodeState } from '../core/codes/code-state'
import { formatUsd } from '../shared/money'
import type {
  CodeDetail,
  OrderSummary,
  PartRefundCheck,
  ShowReport,
} from '../shared/operator-views'
import { formatCentralTime } from '../shared/show-time'

/** How the sales commands print orders, codes and reports for a person (not --json). */

export function orderLine(order: OrderSummary): string {
  const redeemed = order.codes.filter((c) => c.state === 'redeemed').length
  const codes =
    order.codes.length > 0 ? `${order.codes.length} codes (${redeemed} redeemed)` : 'no codes'
  return [
    order.id,
    formatCentralTime(new Date(order.createdAt)),
    order.status.padEnd(9),
    formatUsd(order.totalCents).padStart(8),
    order.email ?? '-',
    codes,
  ].join('  ')
}

export function orderDetail(order: OrderSummary): string[] {
  const lines = [
    `Order ${order.id}  ${order.status}`,
    `  placed     ${formatCentralTime(new Date(order.createdAt))}`,
    `  email      ${order.email ?? '-'}`,
    `  payment    ${order.provider}${order.paymentRef ? ` ${order.paymentRef}` : ''}${order.paidAt ? `, paid ${formatCentralTime(new Date(order.paidAt))}` : ', not paid'}${order.paidCents !== null ? ` (${formatUsd(order.paidCents)})` : ''}`,
  ]
  if (order.flagReason) lines.push(`  flagged    not fulfilled: ${order.flagReason}`)
  if (order.refundedCents > 0) lines.push(`  refunded   ${formatUsd(order.refundedCents)}`)
  if (order.show) lines.push(`  show       ${showText(order.show)}`)
  lines.push('  items')
  for (const item of order.items) {
    lines.push(
      `    ${item.quantity} x ${item.name}  ${formatUsd(item.unitCents)}  = ${formatUsd(item.unitCents * item.quantity)}`,
    )
  }
  lines.push(`  total      ${formatUsd(order.totalCents)}`)
  lines.push(order.codes.length > 0 ? '  codes' : '  codes      none')
  for (const code of order.codes)
    lines.push(`    ${code.code}  ${code.description}  ${operatorCodeState(code)}`)
  return lines
}

export function showText(show: {
  id: string
  name: string | null
  startsAt: string | null
}): string {
  return `${show.name ?? show.id}${show.startsAt ? `, ${formatCentralTime(new Date(show.startsAt))}` : ''} (${show.id})`
}

/**
 * A show report as an aligned table: one row per product, then the totals, and under them what
 * member codes gave when they gave anything (they are not sold, so not in the table).
 */
export function showReportTable(report: ShowReport): string[] {
  const rows = [
    ['Product', 'Sold', 'Redeemed', 'Anonymous', 'Voided', 'Taken', 'Refunded', 'Disputed'],
    ...[...report.lines, { name: 'Total', ...report.totals }].map((line) => [
      line.name,
      String(line.sold),
      String(line.redeemed),
      String(line.anonymous),
      String(line.voided),
      formatUsd(line.takenCents),
      formatUsd(line.refundedCents),
      formatUsd(line.disputedCents),
    ]),
  ]
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((row) => row[i]?.length ?? 0))) ?? []
  const table = rows.map((row) =>
    row
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
      .join('  '),
  )
  if (report.memberGifts === 0) return table
  const members = `${report.memberGifts} member${report.memberGifts === 1 ? '' : 's'}`
  return [...table, `Member boosts: ${report.memberBoosts} from ${members}`]
}

/** `codes show --json`: the code, its order's id and status, and the show. */
export function codeJson({ code, order }: CodeDetail) {
  return { ...code, orderId: order?.id, orderStatus: order?.status, show: order?.show }
}

export function codeDetail({ code, validFrom, order }: CodeDetail): string[] {
  const lines = [
    `${code.code}  ${code.description}`,
    `  state      ${operatorCodeState(code)}`,
    `  valid      ${formatCentralTime(new Date(validFrom))} to ${formatCentralTime(new Date(code.expiresAt))}`,
  ]
  if (order) {
    lines.push(`  order      ${order.id} (${order.status}), ${order.email ?? 'no email'}`)
    if (order.show) lines.push(`  show       ${showText(order.show)}`)
  }
  return lines
}

/**
 * The question before a partial refund, the console's confirmation in other words: how much,
 * which codes stop working, which redeemed codes are refunded, which keep working.
 */
export function partRefundQuestion(check: PartRefundCheck): string {
  const { order } = check
  const list = (codes: string[]) => codes.join(', ')
  const parts = [
    `Refund ${formatUsd(check.cents)} of order ${order.id} (${order.email ?? 'no email'}), of ${formatUsd(check.remainingCents)} left to refund?`,
  ]
  if (check.voids.length > 0) parts.push(`Voided: ${list(check.voids)}.`)
  if (check.refundsRedeemed.length > 0)
    parts.push(`Refunded though redeemed at the show: ${list(check.refundsRedeemed)}.`)
  parts.push(
    check.keeps.length > 0
      ? `Still working: ${list(check.keeps)}.`
      : 'No unused code stays working.',
  )
  return parts.join(' ')
}
