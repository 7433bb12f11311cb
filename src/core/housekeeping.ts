import { paths } from '../shared/pages'
import { expireUnpaidOrders } from './checkout/orders'
import type { Clock } from './clock'
import type { Db } from './db/schema'
import { forgetOldMail } from './mail/outbox'
import { renewTestMemberships } from './memberships/test-renewals'
import { seedRegularShows } from './schedule/events'
import { forgetOldSignIns } from './sign-in/sessions'

/** How often a running server does its housekeeping. */
export const housekeepingIntervalMs = 60 * 60_000

/**
 * What a long-running server does every hour (and at start): keep the regular shows eight weeks
 * ahead, expire checkouts left unpaid for a day (their page says so), take the codes out of
 * mail sent 30 days ago (its .eml copies too), forget sign-in links and sessions a day after
 * they ended (and link requests left unanswered a day), and bill the test checkout's
 * memberships whose period has run out (their failed-renewal mail links to the member page at
 * publicUrl, where Manage billing changes the card, as Stripe's does). Every step is safe to
 * repeat.
 */
export async function housekeep(
  db: Db,
  clock: Clock,
  mailDir: string,
  publicUrl: string,
): Promise<void> {
  await seedRegularShows(db, clock)
  await expireUnpaidOrders(db, clock.now())
  await forgetOldMail(db, clock.now(), mailDir)
  await forgetOldSignIns(db, clock.now())
  await renewTestMemberships(db, clock.now(), `${publicUrl}${paths.membership}`)
}
