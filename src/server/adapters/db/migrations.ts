import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely'
import * as ordersCodesOutbox from './migrations/2026-11-22-001-orders-codes-outbox'
import * as eventsContact from './migrations/2026-11-22-002-events-contact'
import * as orderStatesVoidsSettings from './migrations/2026-11-22-003-order-states-voids-settings'
import * as redemptions from './migrations/2026-11-22-004-redemptions'
import * as mailFailed from './migrations/2026-11-23-005-mail-failed'
import * as paymentsRefunds from './migrations/2026-11-23-006-payments-refunds'
import * as resendRequests from './migrations/2026-11-24-007-resend-requests'
import * as console from './migrations/2026-11-24-008-console'
import * as memberships from './migrations/2026-11-24-009-memberships'
import * as testRenewals from './migrations/2026-11-24-010-test-renewals'
import * as memberPage from './migrations/2026-11-24-011-member-page'
import * as replyToAndGrantTier from './migrations/2026-11-25-012-reply-to-and-grant-tier'
import * as signInRequests from './migrations/2026-11-25-013-sign-in-requests'
import * as paidUpgrades from './migrations/2026-11-25-014-paid-upgrades'
import * as comics from './migrations/2026-11-25-015-comics'
import * as settlements from './migrations/2026-11-25-016-settlements'
import * as grantCredit from './migrations/2026-11-25-017-grant-credit'
import * as openMics from './migrations/2026-11-25-018-open-mics'
import * as grantCreditTime from './migrations/2026-11-29-019-grant-credit-time'
import * as signupRequests from './migrations/2026-11-29-020-signup-requests'
import * as committedDraws from './migrations/2026-11-29-021-committed-draws'
import * as comicPronouns from './migrations/2026-11-29-022-comic-pronouns'
import * as creditRule from './migrations/2026-11-29-023-credit-rule'
import * as fanWords from './migrations/2026-11-29-024-fan-words'
import * as showGoals from './migrations/2026-11-29-025-show-goals'
import * as comicOwnPages from './migrations/2026-11-29-026-comic-own-pages'
import * as statementSources from './migrations/2026-11-29-027-statement-sources'
import * as partialRefunds from './migrations/2026-11-29-028-partial-refunds'
import * as eventSequence from './migrations/2026-11-29-030-event-sequence'
import * as reminders from './migrations/2026-11-29-031-reminders'

/**
 * Migrations are listed here, in time order, rather than read from a folder at run time, so the
 * same list works under tsx, Vitest and any bundler. Add a new file and one line below.
 */
const migrations: Record<string, Migration> = {
  '2026-11-22-001-orders-codes-outbox': ordersCodesOutbox,
  '2026-11-22-002-events-contact': eventsContact,
  '2026-11-22-003-order-states-voids-settings': orderStatesVoidsSettings,
  '2026-11-22-004-redemptions': redemptions,
  '2026-11-23-005-mail-failed': mailFailed,
  '2026-11-23-006-payments-refunds': paymentsRefunds,
  '2026-11-24-007-resend-requests': resendRequests,
  '2026-11-24-008-console': console,
  '2026-11-24-009-memberships': memberships,
  '2026-11-24-010-test-renewals': testRenewals,
  '2026-11-24-011-member-page': memberPage,
  '2026-11-25-012-reply-to-and-grant-tier': replyToAndGrantTier,
  '2026-11-25-013-sign-in-requests': signInRequests,
  '2026-11-25-014-paid-upgrades': paidUpgrades,
  '2026-11-25-015-comics': comics,
  '2026-11-25-016-settlements': settlements,
  '2026-11-25-017-grant-credit': grantCredit,
  '2026-11-25-018-open-mics': openMics,
  '2026-11-29-019-grant-credit-time': grantCreditTime,
  '2026-11-29-020-signup-requests': signupRequests,
  '2026-11-29-021-committed-draws': committedDraws,
  '2026-11-29-022-comic-pronouns': comicPronouns,
  '2026-11-29-023-credit-rule': creditRule,
  '2026-11-29-024-fan-words': fanWords,
  '2026-11-29-025-show-goals': showGoals,
  '2026-11-29-026-comic-own-pages': comicOwnPages,
  '2026-11-29-027-statement-sources': statementSources,
  '2026-11-29-028-partial-refunds': partialRefunds,
  '2026-11-29-030-event-sequence': eventSequence,
  '2026-11-29-031-reminders': reminders,
}

const provider: MigrationProvider = { getMigrations: async () => migrations }

/**
 * Brings the schema up to date, each run of migrations in a transaction of its own; with
 * `inTransaction`, in the one `db` is already in (the move to PostgreSQL: schema and rows at once).
 */
export async function migrateToLatest(
  db: Kysely<unknown>,
  options: { inTransaction?: boolean } = {},
): Promise<void> {
  const migrator = new Migrator({ db, provider, disableTransactions: options.inTransaction })
  const { error, results } = await migrator.migrateToLatest()
  const failed = results?.find((result) => result.status === 'Error')
  if (error || failed) {
    throw new Error(
      `Database migration ${failed?.migrationName ?? ''} failed: ${String(error ?? 'unknown error')}`,
    )
  }
}
