import type { Clock } from '../../../core/clock'
import { randomBase62 } from '../../../core/ids'
import type { LocalJoin } from '../../../core/memberships/local-join'

/** A test checkout's subscription id: "sub_local_" and 24 base62 symbols. */
export const localSubscriptionIdPattern = /^sub_local_[0-9A-Za-z]{24}$/

/** How long a membership's pay page waits to be paid, and how many may wait at once. */
const pendingForMs = 24 * 60 * 60_000
const mostPending = 10_000

export interface LocalMembershipCheckouts {
  /** A pay page for this tier and address: its subscription id. */
  open(join: Omit<LocalJoin, 'subscription'>): string
  /** The join waiting to be paid under this subscription id, if it is still there. */
  find(subscription: string): LocalJoin | undefined
}

/**
 * The memberships the test checkout is about to sell, held in this process until paid: the test
 * checkout serves this machine alone (config.ts), so one process and a restart forgetting an
 * unpaid page ("This checkout does not exist or has expired") are all it needs. Once paid, the
 * membership itself is in the database.
 */
export function createLocalMembershipCheckouts(clock: Clock): LocalMembershipCheckouts {
  const pending = new Map<string, { join: LocalJoin; expiresAt: number }>()
  const dropExpired = (now: number) => {
    for (const [id, entry] of pending) if (entry.expiresAt <= now) pending.delete(id)
  }
  return {
    open(join) {
      const now = clock.now().getTime()
      dropExpired(now)
      // The oldest go first (a Map keeps insertion order): a flood cannot grow it without end.
      for (const id of pending.keys()) {
        if (pending.size < mostPending) break
        pending.delete(id)
      }
      const subscription = `sub_local_${randomBase62(24)}`
      pending.set(subscription, { join: { ...join, subscription }, expiresAt: now + pendingForMs })
      return subscription
    },
    find(subscription) {
      const entry = pending.get(subscription)
      return entry && entry.expiresAt > clock.now().getTime() ? entry.join : undefined
    },
  }
}
