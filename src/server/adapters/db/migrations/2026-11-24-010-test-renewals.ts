import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  // What the test checkout's card does at each renewal ('pays' or 'fails'); null for Stripe,
  // whose renewals the provider bills and tells by webhook.
  await db.schema.alterTable('memberships').addColumn('test_card_renewal', 'text').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('memberships').dropColumn('test_card_renewal').execute()
}
