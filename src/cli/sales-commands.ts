import { codesMail } from '../core/checkout/codes-mail'
import { findOrderCodes } from '../core/checkout/orders'
import { operatorCodeState, summarizeCode } from '../core/codes/code-state'
import { queueMail } from '../core/mail/outbox'
import { RefundRefused, refundOrder } from '../core/refunds/refund-order'
import {
  findOrderSummary,
  latestShowWithOrders,
  listOrders,
  showReport,
} from '../core/reports/order-report'
import { normalizeCode } from '../shared/code-format'
import { isSimpleEmail } from '../shared/email'
import { formatUsd } from '../shared/money'
import { formatCentralTime } from '../shared/show-time'
import { type CliDeps, CliError, parseCliOptions } from './cli'
import { parseCentralTime } from './events-command'
import { orderDetail, orderLine, showReportTable, showText } from './sales-text'

export const ordersUsage = `Usage: npm run admin -- orders <command>

  orders list [--email E] [--since DATE] [--show ID] [--json]
                                   orders, newest first (DATE: "YYYY-MM-DD" or "YYYY-MM-DD HH:MM", Central time)
  orders show <id> [--json]        items, total, status, payment, codes and where each stands
  orders refund <id> [--force] [--yes]
                                   refund in full through the payment provider and void the
                                   unredeemed codes; within 7 days of purchase unless --force

--json prints one JSON array (list) or object (show) for scripts.`

export const codesUsage = `Usage: npm run admin -- codes <command>

  codes show <code>                the code's order, show, state and redemption
  codes resend <order-id> [--to EMAIL]
                                   send the order's codes mail again (to another address with --to)`

export const showsUsage = `Usage: npm run admin -- shows <command>

  shows report [--show ID] [--json]
                                   per product: codes sold, redeemed, anonymous gifts, voided,
                                   money taken and refunded (default: the latest show with orders)`

export type SalesCommand =
  | { kind: 'help'; usage: string }
  | { kind: 'orders-list'; email?: string; since?: Date; showId?: string; json: boolean }
  | { kind: 'orders-show'; id: string; json: boolean }
  | { kind: 'orders-refund'; id: string; force: boolean; yes: boolean }
  | { kind: 'codes-show'; code: string; json: boolean }
  | { kind: 'codes-resend'; orderId: string; to?: string }
  | { kind: 'shows-report'; showId?: string; json: boolean }

const options = {
  email: { type: 'string' },
  since: { type: 'string' },
  show: { type: 'string' },
  to: { type: 'string' },
  json: { type: 'boolean' },
  force: { type: 'boolean' },
  yes: { type: 'boolean', short: 'y' },
  help: { type: 'boolean', short: 'h' },
} as const

const usages = { orders: ordersUsage, codes: codesUsage, shows: showsUsage } as const
export type SalesArea = keyof typeof usages

/** Which options each command takes: anything else is a mistake worth one line. */
const allowed: Record<string, (keyof typeof options)[]> = {
  'orders list': ['email', 'since', 'show', 'json'],
  'orders show': ['json'],
  'orders refund': ['force', 'yes'],
  'codes show': ['json'],
  'codes resend': ['to'],
  'shows report': ['show', 'json'],
}

/** Reads `orders|codes|shows ...` (without the area word); touches nothing. */
export function parseSalesCommand(area: SalesArea, args: string[]): SalesCommand {
  const { values, positionals } = parseCliOptions(args, options, area)
  const [verb, ...rest] = positionals
  const usage = usages[area]
  if (values.help || verb === undefined || verb === 'help') return { kind: 'help', usage }
  const name = `${area} ${verb}`
  const takes = allowed[name]
  if (!takes) throw new CliError(`Unknown command "${name}". See: npm run admin -- ${area} --help`)
  for (const option of Object.keys(values) as (keyof typeof options)[]) {
    if (option !== 'help' && !takes.includes(option)) {
      throw new CliError(`${name} does not take --${option}. See: npm run admin -- ${area} --help`)
    }
  }
  const json = values.json ?? false
  const one = (what: string) => {
    if (rest.length !== 1 || !rest[0]) throw new CliError(`${name} takes one ${what}.`)
    return rest[0].trim()
  }
  const none = () => {
    if (rest.length > 0) throw new CliError(`${name} takes no "${rest[0]}": use the options.`)
  }

  switch (name) {
    case 'orders list': {
      none()
      const email = values.email?.trim()
      if (email !== undefined && !isSimpleEmail(email)) {
        throw new CliError(`Bad --email "${email}": write a whole address, e.g. fan@example.com.`)
      }
      return {
        kind: 'orders-list',
        json,
        ...(email ? { email } : {}),
        ...(values.since ? { since: parseSince(values.since) } : {}),
        ...(values.show ? { showId: values.show.trim() } : {}),
      }
    }
    case 'orders show':
      return { kind: 'orders-show', id: one('order id'), json }
    case 'orders refund':
      return {
        kind: 'orders-refund',
        id: one('order id'),
        force: values.force ?? false,
        yes: values.yes ?? false,
      }
    case 'codes show':
      return { kind: 'codes-show', code: one('code'), json }
    case 'codes resend': {
      const to = values.to?.trim()
      if (to !== undefined && !isSimpleEmail(to)) {
        throw new CliError(`Bad --to "${to}": write a whole address, e.g. fan@example.com.`)
      }
      return { kind: 'codes-resend', orderId: one('order id'), ...(to ? { to } : {}) }
    }
    default:
      none()
      return { kind: 'shows-report', json, ...(values.show ? { showId: values.show.trim() } : {}) }
  }
}

/** "2026-11-20" (midnight) or "2026-11-20 18:00", Central time. */
function parseSince(input: string): Date {
  const trimmed = input.trim()
  return parseCentralTime(/^\d{4}-\d{2}-\d{2}$/.test(trimmed) ? `${trimmed} 00:00` : trimmed)
}

export async function executeSalesCommand(command: SalesCommand, deps: CliDeps): Promise<void> {
  const { db, clock, out } = deps
  const now = clock.now()
  switch (command.kind) {
    case 'help':
      return out.log(command.usage)

    case 'orders-list': {
      const orders = await listOrders(db, command, now)
      if (command.json) return out.log(JSON.stringify(orders, null, 2))
      if (orders.length === 0) return out.log('No orders match.')
      for (const order of orders) out.log(orderLine(order))
      return out.log(`${orders.length} order${orders.length === 1 ? '' : 's'}.`)
    }

    case 'orders-show': {
      const order = await findOrderSummary(db, command.id, now)
      if (!order) throw new CliError(`There is no order ${command.id}.`)
      if (command.json) return out.log(JSON.stringify(order, null, 2))
      for (const line of orderDetail(order)) out.log(line)
      return
    }

    case 'orders-refund':
      return refund(command, deps)

    case 'codes-show': {
      const normalized = normalizeCode(command.code)
      if (!normalized.ok) {
        throw new CliError(
          `"${command.code}" is not a code: codes are 10 letters and digits, e.g. ABCDE-FGHJK.`,
        )
      }
      const code = await db
        .selectFrom('codes')
        .selectAll()
        .where('code', '=', normalized.code)
        .executeTakeFirst()
      if (!code) throw new CliError(`There is no code ${command.code}.`)
      const order = await findOrderSummary(db, code.order_id, now)
      const summary = summarizeCode(code, now)
      if (command.json)
        return out.log(
          JSON.stringify(
            { ...summary, orderId: code.order_id, orderStatus: order?.status, show: order?.show },
            null,
            2,
          ),
        )
      out.log(`${summary.code}  ${summary.description}`)
      out.log(`  state      ${operatorCodeState(summary)}`)
      out.log(
        `  valid      ${formatCentralTime(code.valid_from)} to ${formatCentralTime(code.expires_at)}`,
      )
      if (order) {
        out.log(`  order      ${order.id} (${order.status}), ${order.email ?? 'no email'}`)
        if (order.show) out.log(`  show       ${showText(order.show)}`)
      }
      return
    }

    case 'codes-resend': {
      const order = await findOrderSummary(db, command.orderId, now)
      if (!order) throw new CliError(`There is no order ${command.orderId}.`)
      const to = command.to ?? order.email
      if (!to)
        throw new CliError(`Order ${order.id} has no email address: add --to fan@example.com.`)
      if (order.codes.length === 0 || !order.show?.name || !order.show.startsAt) {
        throw new CliError(
          `Order ${order.id} has no codes (it is ${order.status}): there is nothing to send.`,
        )
      }
      // The codes as stored (codesMail formats them), not the summary's formatted copies.
      const codes = await findOrderCodes(db, order.id)
      const mail = codesMail({
        to,
        codes,
        show: { name: order.show.name, startsAt: new Date(order.show.startsAt) },
        expiresAt: codes[0]?.expires_at ?? new Date(order.show.startsAt),
      })
      await queueMail(db, { dedupeKey: `codes-resend:${order.id}:${now.getTime()}`, ...mail }, now)
      return out.log(
        `Queued the codes mail of ${order.id} to ${to}; a running server sends it within seconds.`,
      )
    }

    case 'shows-report': {
      const showId = command.showId ?? (await latestShowWithOrders(db))
      if (!showId) return out.log('No show has orders yet.')
      const report = await showReport(db, showId)
      if (!report)
        throw new CliError(`Show ${showId} has no orders (see npm run admin -- events list --all).`)
      if (command.json) return out.log(JSON.stringify(report, null, 2))
      out.log(`${showText(report.show)}`)
      out.log(
        `${report.orders} order${report.orders === 1 ? '' : 's'}, ${report.refundedOrders} refunded, ${report.disputedOrders} disputed`,
      )
      out.log('')
      for (const line of showReportTable(report)) out.log(line)
      return
    }
  }
}

async function refund(
  command: Extract<SalesCommand, { kind: 'orders-refund' }>,
  deps: CliDeps,
): Promise<void> {
  const { db, clock, out } = deps
  const order = await findOrderSummary(db, command.id, clock.now())
  if (!order) throw new CliError(`There is no order ${command.id}.`)
  if (!command.yes) {
    if (!deps.confirm) {
      throw new CliError('There is no terminal to confirm on: add --yes to refund without asking.')
    }
    const question = `Refund ${formatUsd(order.paidCents ?? order.totalCents)} of order ${order.id} (${order.email ?? 'no email'}) and void its unredeemed codes? [y/N] `
    if (!(await deps.confirm(question))) return out.log('Nothing refunded.')
  }
  if (!deps.payments)
    throw new CliError('Refunds need the payment provider, which is not set up here.')
  let refunded: Awaited<ReturnType<typeof refundOrder>>
  try {
    refunded = await refundOrder({ db, payments: deps.payments(), now: clock.now() }, command.id, {
      force: command.force,
    })
  } catch (error) {
    if (error instanceof RefundRefused) throw new CliError(error.message)
    const reason = error instanceof Error ? error.message : String(error)
    throw new CliError(`The payment provider did not refund order ${command.id}: ${reason}`)
  }
  const after = await findOrderSummary(db, refunded.id, clock.now())
  const voided = after?.codes.filter((c) => c.state === 'voided').length ?? 0
  out.log(
    `Refunded ${formatUsd(refunded.refunded_cents)} of order ${refunded.id}; ${voided} code${voided === 1 ? '' : 's'} voided${refunded.email ? `, and ${refunded.email} will get a mail` : ''}.`,
  )
}
