import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  // Sign-in links and sessions serve the host's console and the member page alike: the audience
  // says which, so a member's link never opens the console (nor a host's the member page).
  for (const table of ['console_links', 'console_sessions']) {
    await db.schema
      .alterTable(table)
      .addColumn('audience', 'text', (c) => c.notNull().defaultTo('console'))
      .execute()
  }
  // A member's custom joke for the host: its words and where the host has got with it. It counts
  // against the billing period it was sent in (1, 2 or 5 a period by tier).
  await db.schema
    .createTable('member_jokes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('membership_id', 'text', (c) => c.notNull())
    .addColumn('period_start', 'timestamptz', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('waiting'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('member_jokes_membership')
    .on('member_jokes')
    .columns(['membership_id', 'period_start'])
    .execute()
  await db.schema.createIndex('member_jokes_state').on('member_jokes').column('state').execute()
  // Each payment of a membership (its first month and every renewal), so the operator can refund
  // the latest one and a refund or dispute from the provider finds its membership.
  await db.schema
    .createTable('membership_payments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('membership_id', 'text', (c) => c.notNull())
    .addColumn('payment_ref', 'text', (c) => c.unique())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('period_start', 'timestamptz', (c) => c.notNull())
    .addColumn('paid_at', 'timestamptz', (c) => c.notNull())
    .addColumn('refunded_at', 'timestamptz')
    .addColumn('disputed_at', 'timestamptz')
    .execute()
  await db.schema
    .createIndex('membership_payments_membership')
    .on('membership_payments')
    .columns(['membership_id', 'paid_at'])
    .execute()
  // The shows report counts member boosts per show.
  await db.schema
    .createIndex('member_redemptions_show')
    .on('member_redemptions')
    .column('show_id')
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('member_redemptions_show').execute()
  await db.schema.dropIndex('membership_payments_membership').execute()
  await db.schema.dropTable('membership_payments').execute()
  await db.schema.dropIndex('member_jokes_state').execute()
  await db.schema.dropIndex('member_jokes_membership').execute()
  await db.schema.dropTable('member_jokes').execute()
  for (const table of ['console_sessions', 'console_links']) {
    await db.schema.alterTable(table).dropColumn('audience').execute()
  }
}
