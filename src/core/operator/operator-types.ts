import type { OperatorActionName, OperatorParsedInput, OperatorResult } from '../../shared/operator'
import type { Clock } from '../clock'
import type { Db } from '../db/schema'
import type { MembershipBilling } from '../memberships/billing'
import type { Refunder } from '../refunds/refund-order'
import type { Actor } from './audit'

/**
 * An operator's mistake or an action refused, in a sentence for a person: the command line prints
 * it with exit code 1, the console shows it (HTTP 400, or 404 when `notFound`). Nothing was done.
 * `advice` says what would let a refused refund go ahead; each tool words it its own way.
 */
export class OperatorRefusal extends Error {
  constructor(
    message: string,
    readonly details: { notFound?: boolean; advice?: 'force' | 'look-again' | undefined } = {},
  ) {
    super(message)
  }
}

export interface OperatorDeps {
  db: Db
  clock: Clock
  /** The payment provider's refunds (and its memberships' billing), made when an action needs them. */
  payments?: (() => Refunder & Partial<MembershipBilling>) | undefined
  /** Asks the mail worker to look at the outbox now; without one, a running server's finds it. */
  kickMail?: (() => void) | undefined
  /** The console's sign-in: the site's address (for links) and who may sign in. */
  console?: { publicUrl: string; adminEmails: readonly string[] } | undefined
}

export type Handler<N extends OperatorActionName> = (
  deps: OperatorDeps,
  actor: Actor,
  input: OperatorParsedInput<N>,
) => Promise<OperatorResult<N>>

export type Handlers<N extends OperatorActionName> = { [K in N]: Handler<K> }
