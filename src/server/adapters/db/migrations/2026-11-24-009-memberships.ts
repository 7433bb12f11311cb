import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per subscription: its tier, where it stands with the provider, the billing period
  // now running and its allowance of boosts, and the member's one personal code.
  await db.schema
    .createTable('memberships')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('tier', 'text', (c) => c.notNull())
    // A downgrade waits for the next period: the tier the next refill switches to.
    .addColumn('next_tier', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_customer', 'text')
    .addColumn('provider_subscription', 'text', (c) => c.unique())
    // The member code's 12 symbols; a rotated code is replaced, so the old one stops at once.
    .addColumn('member_code', 'text', (c) => c.notNull().unique())
    .addColumn('display_name', 'text')
    .addColumn('period_start', 'timestamptz')
    .addColumn('period_end', 'timestamptz')
    // Boosts this period may still grant in all: the tier's monthly allowance at each refill,
    // raised by the difference on an upgrade within the period.
    .addColumn('period_allowance', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cancel_at_period_end', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('past_due_since', 'timestamptz')
    .addColumn('ended_at', 'timestamptz')
    .addColumn('end_reason', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('memberships_email').on('memberships').column('email').execute()
  // Each provider event is handled once: a redelivery finds its id here and changes nothing.
  await db.schema
    .createTable('membership_events')
    .addColumn('event_id', 'text', (c) => c.primaryKey())
    .addColumn('membership_id', 'text')
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('handled_at', 'timestamptz', (c) => c.notNull())
    .execute()
  // A member code grants once per show: the primary key is the membership and the show.
  await db.schema
    .createTable('member_redemptions')
    .addColumn('membership_id', 'text', (c) => c.notNull())
    .addColumn('show_id', 'text', (c) => c.notNull())
    .addColumn('period_start', 'timestamptz', (c) => c.notNull())
    .addColumn('boosts', 'integer', (c) => c.notNull())
    .addColumn('anonymous', 'boolean', (c) => c.notNull())
    .addColumn('redeemed_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('member_redemptions_pk', ['membership_id', 'show_id'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('member_redemptions').execute()
  await db.schema.dropTable('membership_events').execute()
  await db.schema.dropIndex('memberships_email').execute()
  await db.schema.dropTable('memberships').execute()
}
