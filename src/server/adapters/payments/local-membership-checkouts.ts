import type { Clock } from '../../../core/clock'
import { randomBase62 } from '../../../core/ids'
import type { LocalJoin } from '../../../core/memberships/local-join'

/** A test checkout's subscription id: "sub_local_" and 24 base62 symbols. */
export const localSubscriptionIdPattern = /^sub_local_[0-9A-Za-z]{24}$/

/** How long a membership's pay page waits to be paid, and how many may wait at once. */
const pendingForMs = 24 * 60 * 60_000
const mostPending = 10_000
/** How long a paid page keeps its receipt for the browser that paid, which comes at once. */
const receiptForMs = 10 * 60_000

export interface LocalMembershipCheckouts {
  /** A pay page for this tier and address: its subscription id. */
  open(join: Omit<LocalJoin, 'subscription'>): string
  /** The join waiting to be paid under this subscription id, if it is still there. */
  find(subscription: string): LocalJoin | undefined
  /** Paid: the member code the pay page shows on its next view, as a receipt, and no more. */
  paid(subscription: string, memberCode: string): void
  /** The member code paid for under this subscription id, the first time it is asked only. */
  takeReceipt(subscription: string): string | undefined
}

/**
 * The memberships the test checkout is about to sell, held in this process until paid: the test
 * checkout serves this machine alone (config.ts), so one process and a restart forgetting an
 * unpaid page ("This checkout does not exist or has expired") are all it needs. Once paid, the
 * membership itself is in the database; kept here is only the receipt the paying browser sees
 * next, so the page's address shows the member code once and is no key to it after.
 */
export function createLocalMembershipCheckouts(clock: Clock): LocalMembershipCheckouts {
  const pending = new Map<string, { join: LocalJoin; expiresAt: number }>()
  const receipts = new Map<string, { memberCode: string; expiresAt: number }>()
  const makeRoom = (map: Map<string, { expiresAt: number }>) => {
    const now = clock.now().getTime()
    for (const [id, entry] of map) if (entry.expiresAt <= now) map.delete(id)
    // The oldest go first (a Map keeps insertion order): a flood cannot grow it without end.
    for (const id of map.keys()) {
      if (map.size < mostPending) break
      map.delete(id)
    }
    return now
  }
  return {
    open(join) {
      const now = makeRoom(pending)
      const subscription = `sub_local_${randomBase62(24)}`
      pending.set(subscription, { join: { ...join, subscription }, expiresAt: now + pendingForMs })
      return subscription
    },
    find(subscription) {
      const entry = pending.get(subscription)
      return entry && entry.expiresAt > clock.now().getTime() ? entry.join : undefined
    },
    paid(subscription, memberCode) {
      pending.delete(subscription)
      const now = makeRoom(receipts)
      receipts.set(subscription, { memberCode, expiresAt: now + receiptForMs })
    },
    takeReceipt(subscription) {
      const entry = receipts.get(subscription)
      receipts.delete(subscription)
      return entry && entry.expiresAt > clock.now().getTime() ? entry.memberCode : undefined
    },
  }
}
