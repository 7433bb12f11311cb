import { formatCode } from '../../shared/code-format'
import { formatCentral, formatInZone } from '../../shared/show-time'
import type { Code } from '../db/schema'
import { composeMail, type MailBlock } from '../mail/compose'

/**
 * The mails that tell a show's buyers its plans changed (docs/console.md, "When plans change"):
 * the show moved, or cancelled with their orders refunded or their codes moved to the next show.
 * Times in Central, and in the buyer's own time when their browser told it at checkout.
 */

export interface BuyerNews {
  to: string
  timeZone: string | null
  /** The buyer's codes for the show not redeemed nor voided: what the change is about. */
  unused: Pick<Code, 'code' | 'description'>[]
}

const allUsed = 'Your codes for this show were all used, so nothing else changes.'

function bothTimes(at: Date, timeZone: string | null): string {
  const central = formatCentral(at)
  if (!timeZone) return central
  const own = formatInZone(at, timeZone)
  return own === central ? central : `${central} (${own} your time)`
}

const listed = (codes: BuyerNews['unused']): MailBlock => ({
  codes: codes.map((c) => ({ code: formatCode(c.code), note: c.description })),
})

export function showMovedMail(
  buyer: BuyerNews,
  show: { name: string },
  from: Date,
  to: Date,
  until: Date,
) {
  const n = buyer.unused.length
  const blocks: MailBlock[] = [
    {
      paragraph: `${show.name} has moved from ${formatCentral(from)} to ${bothTimes(to, buyer.timeZone)}.`,
    },
  ]
  if (n > 0) {
    blocks.push(
      {
        paragraph: `Your ${n === 1 ? 'unused code works' : `${n} unused codes work`} at the new time, until ${bothTimes(until, buyer.timeZone)}:`,
      },
      listed(buyer.unused),
    )
  } else {
    blocks.push({ paragraph: allUsed })
  }
  return composeMail(buyer.to, `${show.name} has moved to ${formatCentral(to)}`, blocks)
}

export type CancelOutcome =
  /** Nothing to do: every code was used (or none is left). */
  | { kind: 'none' }
  | { kind: 'refund' }
  | { kind: 'next'; next: { name: string; startsAt: Date }; until: Date }

export function showCancelledMail(
  buyer: BuyerNews,
  show: { name: string; startsAt: Date },
  outcome: CancelOutcome,
) {
  const blocks: MailBlock[] = [
    {
      paragraph: `${show.name}, ${bothTimes(show.startsAt, buyer.timeZone)}, is cancelled. We are sorry.`,
    },
  ]
  if (outcome.kind === 'refund') {
    blocks.push({
      paragraph:
        'We are refunding your order in full: your bank shows it within 5 to 10 business days, and a mail confirms each refund.',
    })
    if (buyer.unused.length > 0) {
      blocks.push({ heading: 'These codes no longer work' }, listed(buyer.unused))
    }
  } else if (outcome.kind === 'next' && buyer.unused.length > 0) {
    blocks.push(
      {
        paragraph: `Your codes now work at ${outcome.next.name}, ${bothTimes(outcome.next.startsAt, buyer.timeZone)}, until ${bothTimes(outcome.until, buyer.timeZone)}:`,
      },
      listed(buyer.unused),
    )
  } else {
    blocks.push({ paragraph: allUsed })
  }
  return composeMail(buyer.to, `${show.name} is cancelled`, blocks)
}
