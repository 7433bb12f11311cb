import { Refusal } from '../core/refusal'
import { isSimpleEmail } from '../shared/email'
import { formatUsd } from '../shared/money'
import type { RefundResult } from '../shared/operator-views'
import { allPages, CliError, type CommandDeps, parseCliOptions } from './cli'
import { parseCentralTime } from './events-command'
import { isMembershipId, refundMembershipCommand } from './members-command'
import {
  parseAmount,
  parseCodes,
  type RefundPartCommand,
  refundPart,
  refusalForCli,
} from './refund-part-command'
import {
  codeDetail,
  codeJson,
  orderDetail,
  orderLine,
  showReportTable,
  showText,
} from './sales-text'

export const ordersUsage = `Usage: npm run admin -- orders <command>

  orders list [--email E] [--since DATE] [--show ID] [--attention] [--json]
                                   orders, newest first (DATE: "YYYY-MM-DD" or "YYYY-MM-DD HH:MM", Central time);
                                   --attention: only flagged, disputed, and paid without codes yet
  orders show <id> [--json]        items, total, status, payment, codes and where each stands
  orders refund <id> [--force] [--yes]
                                   refund in full through the payment provider and void the
                                   unredeemed codes; within 7 days of purchase unless --force
  orders refund <id> --unused | --codes C1,C2 | --amount 5.00 [--include-redeemed] [--force] [--yes]
                                   refund part of it: the unused codes (their price), the codes
                                   named, or an amount; those codes are voided, the others keep
                                   working, the buyer is mailed. Codes redeemed at the show (or an
                                   amount beyond the unused codes) only with --include-redeemed

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
  | {
      kind: 'orders-list'
      email?: string
      since?: Date
      showId?: string
      attention?: boolean
      json: boolean
    }
  | { kind: 'orders-show'; id: string; json: boolean }
  | { kind: 'orders-refund'; id: string; force: boolean; yes: boolean }
  | RefundPartCommand
  | { kind: 'codes-show'; code: string; json: boolean }
  | { kind: 'codes-resend'; orderId: string; to?: string }
  | { kind: 'shows-report'; showId?: string; json: boolean }

const options = {
  email: { type: 'string' },
  attention: { type: 'boolean' },
  since: { type: 'string' },
  show: { type: 'string' },
  to: { type: 'string' },
  json: { type: 'boolean' },
  force: { type: 'boolean' },
  unused: { type: 'boolean' },
  codes: { type: 'string' },
  amount: { type: 'string' },
  'include-redeemed': { type: 'boolean' },
  yes: { type: 'boolean', short: 'y' },
  help: { type: 'boolean', short: 'h' },
} as const

const usages = { orders: ordersUsage, codes: codesUsage, shows: showsUsage } as const
export type SalesArea = keyof typeof usages

/** Which options each command takes: anything else is a mistake worth one line. */
const allowed: Record<string, (keyof typeof options)[]> = {
  'orders list': ['email', 'since', 'show', 'attention', 'json'],
  'orders show': ['json'],
  'orders refund': ['force', 'yes', 'unused', 'codes', 'amount', 'include-redeemed'],
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
        ...(values.attention ? { attention: true } : {}),
      }
    }
    case 'orders show':
      return { kind: 'orders-show', id: one('order id'), json }
    case 'orders refund': {
      const parts = [values.unused, values.codes, values.amount].filter((v) => v !== undefined)
      if (parts.length > 1) {
        throw new CliError(`${name} takes one of --unused, --codes and --amount.`)
      }
      if (parts.length === 0 && values['include-redeemed']) {
        throw new CliError(
          `${name} takes --include-redeemed with --unused, --codes or --amount: a whole refund leaves redeemed codes redeemed.`,
        )
      }
      if (parts.length === 1) {
        return {
          kind: 'orders-refund-part',
          id: one('order id'),
          ...(values.codes !== undefined ? { codes: parseCodes(values.codes) } : {}),
          ...(values.amount !== undefined ? { amountCents: parseAmount(values.amount) } : {}),
          includeRedeemed: values['include-redeemed'] ?? false,
          force: values.force ?? false,
          yes: values.yes ?? false,
        }
      }
      return {
        kind: 'orders-refund',
        id: one('order id'),
        force: values.force ?? false,
        yes: values.yes ?? false,
      }
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

export async function executeSalesCommand(command: SalesCommand, deps: CommandDeps): Promise<void> {
  const { call, out } = deps
  switch (command.kind) {
    case 'help':
      return out.log(command.usage)

    case 'orders-list': {
      const { kind: _, json, since, ...filter } = command
      const orders = await allPages((page) =>
        call('orders.list', {
          ...filter,
          ...(since ? { since: since.toISOString() } : {}),
          page,
          pageSize: 1000,
        }),
      )
      if (json) return out.log(JSON.stringify(orders, null, 2))
      if (orders.length === 0) return out.log('No orders match.')
      for (const order of orders) out.log(orderLine(order))
      return out.log(`${orders.length} order${orders.length === 1 ? '' : 's'}.`)
    }

    case 'orders-show': {
      // The mails are the console's; the command line shows the order as it always has.
      const { mails: _, ...order } = await call('orders.show', { id: command.id })
      if (command.json) return out.log(JSON.stringify(order, null, 2))
      for (const line of orderDetail(order)) out.log(line)
      return
    }

    case 'orders-refund':
      // A membership's payments are refunded too (members-command.ts).
      if (isMembershipId(command.id)) return refundMembershipCommand(command, deps)
      return refund(command, deps)

    case 'orders-refund-part':
      return refundPart(command, deps)

    case 'codes-show': {
      const found = await call('codes.show', { code: command.code })
      if (command.json) return out.log(JSON.stringify(codeJson(found), null, 2))
      for (const line of codeDetail(found)) out.log(line)
      return
    }

    case 'codes-resend': {
      const { orderId, to } = await call('codes.resend', {
        orderId: command.orderId,
        ...(command.to ? { to: command.to } : {}),
      })
      return out.log(
        `Queued the codes mail of ${orderId} to ${to}; a running server sends it within seconds.`,
      )
    }

    case 'shows-report': {
      const report = await call('shows.report', command.showId ? { showId: command.showId } : {})
      if (!report && command.showId) {
        throw new CliError(
          `Show ${command.showId} has no orders (see npm run admin -- events list --all).`,
        )
      }
      if (!report) return out.log('No show has orders yet.')
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
  { call, out, confirm }: CommandDeps,
): Promise<void> {
  // Read just now: the question says how many codes were used, and a redemption after it stops
  // the refund (the action checks the count again).
  const { order, total, redeemed } = await call('orders.refund-check', {
    id: command.id,
    force: command.force,
  })
  if (!command.yes) {
    if (!confirm) {
      throw new CliError('There is no terminal to confirm on: add --yes to refund without asking.')
    }
    const used =
      total === 0
        ? ''
        : ` ${redeemed} of its ${total} code${total === 1 ? '' : 's'} ${redeemed === 1 ? 'was' : 'were'} redeemed at the show and ${redeemed === 1 ? 'stays' : 'stay'} redeemed; the other ${total - redeemed} ${total - redeemed === 1 ? 'is' : 'are'} voided.`
    const question = `Refund ${formatUsd(order.paidCents ?? order.totalCents)} of order ${order.id} (${order.email ?? 'no email'})?${used} [y/N] `
    if (!(await confirm(question))) return out.log('Nothing refunded.')
  }
  let refunded: RefundResult
  try {
    refunded = await call('orders.refund', {
      id: command.id,
      force: command.force,
      redeemedWhenAsked: redeemed,
    })
  } catch (error) {
    if (error instanceof Refusal) throw new CliError(refusalForCli(error))
    throw error
  }
  const { voided, mailedTo } = refunded
  out.log(
    `Refunded ${formatUsd(refunded.refundedCents)} of order ${refunded.order.id}; ${voided} code${voided === 1 ? '' : 's'} voided${mailedTo ? `, and ${mailedTo} will get a mail` : ''}.`,
  )
}
