import { type Kysely, sql } from 'kysely'

/**
 * Part of an order refunded (decision 046): each partial refund the host makes is a row, asked
 * of the provider with a key of its own, and the codes it paid back name it. At most one is being
 * asked of the provider per order at a time. And the buyer's time zone, for the mail that tells
 * them their show moved.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('order_refunds')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
    .addColumn('cents', 'integer', (c) => c.notNull().check(sql`cents > 0`))
    // What the order had refunded before this one: with `cents`, the running total it makes.
    .addColumn('before_cents', 'integer', (c) => c.notNull())
    // The host chose to refund codes already redeemed (or an amount beyond the unused codes).
    .addColumn('include_redeemed', 'boolean', (c) => c.notNull())
    // 'asking' while the provider is asked; 'done' once refunded.
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('done_at', 'timestamptz')
    .execute()
  await sql`create unique index order_refunds_one_asking on order_refunds (order_id)
    where state = 'asking'`.execute(db)
  await db.schema
    .alterTable('codes')
    .addColumn('refund_id', 'integer', (c) => c.references('order_refunds.id'))
    .execute()
  // The buyer's own time zone (an IANA name from their browser at checkout), when known: a show
  // that moves is told to them in Central and in their own time.
  await db.schema.alterTable('orders').addColumn('time_zone', 'text').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('time_zone').execute()
  await db.schema.alterTable('codes').dropColumn('refund_id').execute()
  await db.schema.dropTable('order_refunds').execute()
}
