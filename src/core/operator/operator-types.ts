import type { OperatorActionName, OperatorParsedInput, OperatorResult } from '../../shared/operator'
import type { Clock } from '../clock'
import type { Db } from '../db/schema'
import type { MembershipBilling } from '../memberships/billing'
import type { PartRefunder } from '../refunds/partial-refund'
import type { Refunder } from '../refunds/refund-order'
import type { Actor } from './audit'

export interface OperatorDeps {
  db: Db
  clock: Clock
  /** The payment provider's refunds (and its memberships' billing), made when an action needs them. */
  payments?: (() => Refunder & PartRefunder & Partial<MembershipBilling>) | undefined
  /** Asks the mail worker to look at the outbox now; without one, a running server's finds it. */
  kickMail?: (() => void) | undefined
  /** The console's sign-in: the site's address (for links) and who may sign in. */
  console?: { publicUrl: string; adminEmails: readonly string[] } | undefined
}

/**
 * One action's implementation. An operator's mistake or an action refused is a thrown Refusal
 * (core/refusal.ts) and nothing was done: `invalid`, or `not-found` for what does not exist,
 * with `advice` when forcing or a fresh look would let a refund go ahead. The console answers it
 * (400 or 404), the command line prints it with exit code 1.
 */
export type Handler<N extends OperatorActionName> = (
  deps: OperatorDeps,
  actor: Actor,
  input: OperatorParsedInput<N>,
) => Promise<OperatorResult<N>>

export type Handlers<N extends OperatorActionName> = { [K in N]: Handler<K> }
