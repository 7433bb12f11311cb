import { Refusal } from '../core/refusal'
import { formatUsd } from '../shared/money'
import type { PartRefundResult } from '../shared/operator-views'
import { CliError, type CommandDeps } from './cli'
import { partRefundQuestion } from './sales-text'

/** `orders refund <id> --unused | --codes ... | --amount ...`: part of an order (decision 046). */
export interface RefundPartCommand {
  kind: 'orders-refund-part'
  id: string
  codes?: string[]
  amountCents?: number
  includeRedeemed: boolean
  force: boolean
  yes: boolean
}

/** "ABCDE-FGHJK,MNPQR-STUVW": the codes named, each trimmed. */
export function parseCodes(input: string): string[] {
  const codes = input
    .split(',')
    .map((code) => code.trim())
    .filter((code) => code !== '')
  if (codes.length === 0) {
    throw new CliError(
      'Bad --codes: name the codes to refund, e.g. --codes ABCDE-FGHJK,MNPQR-STUVW.',
    )
  }
  return codes
}

/** "5", "5.00" or "$5.50": dollars, in cents. */
export function parseAmount(input: string): number {
  const match = /^\$?(\d{1,7})(?:\.(\d{2}))?$/.exec(input.trim())
  const cents = match ? Number(match[1]) * 100 + Number(match[2] ?? 0) : 0
  if (cents <= 0) {
    throw new CliError(`Bad --amount "${input}": write dollars and cents, e.g. --amount 5.00.`)
  }
  return cents
}

export async function refundPart(
  command: RefundPartCommand,
  { call, out, confirm }: CommandDeps,
): Promise<void> {
  const input = {
    id: command.id,
    includeRedeemed: command.includeRedeemed,
    force: command.force,
    ...(command.codes ? { codes: command.codes } : {}),
    ...(command.amountCents !== undefined ? { amountCents: command.amountCents } : {}),
  }
  // Read just now: the question says what it refunds and voids; a refund since stops it.
  const check = await call('orders.refund-part-check', input)
  if (check.refusal) {
    throw new CliError(
      refusalForCli(new Refusal('invalid', check.refusal, { advice: check.advice ?? undefined })),
    )
  }
  if (!command.yes) {
    if (!confirm) {
      throw new CliError('There is no terminal to confirm on: add --yes to refund without asking.')
    }
    if (!(await confirm(`${partRefundQuestion(check)} [y/N] `))) return out.log('Nothing refunded.')
  }
  let done: PartRefundResult
  try {
    done = await call('orders.refund-part', {
      ...input,
      refundedWhenAsked: check.order.refundedCents,
    })
  } catch (error) {
    if (error instanceof Refusal) throw new CliError(refusalForCli(error))
    throw error
  }
  out.log(
    `Refunded ${formatUsd(done.cents)} of order ${done.order.id} (${formatUsd(done.order.refundedCents)} refunded in all); ${done.voided} code${done.voided === 1 ? '' : 's'} voided${done.mailedTo ? `, and ${done.mailedTo} will get a mail` : ''}.`,
  )
}

/** A refusal with the advice the command line gives: which option, or to run it again. */
export function refusalForCli(refusal: Refusal): string {
  const { advice } = refusal.details
  if (advice === 'force') return `${refusal.message} Add --force to refund it anyway.`
  if (advice === 'include-redeemed') return `${refusal.message} (--include-redeemed)`
  if (advice === 'look-again') {
    return `${refusal.message.replace(/\.$/, '')}; run the command again to see the new count.`
  }
  return refusal.message
}
