import { type Kysely, sql } from 'kysely'

const statusesBefore = ['pending', 'paid', 'fulfilled', 'expired', 'flagged', 'refunded']
const statusesAfter = [...statusesBefore, 'disputed']

async function allowStatuses(db: Kysely<unknown>, statuses: string[]): Promise<void> {
  await sql`alter table orders drop constraint if exists orders_status_check`.execute(db)
  await sql`alter table orders add constraint orders_status_check check (status in (${sql.join(statuses.map((s) => sql.lit(s)))}))`.execute(
    db,
  )
}

export async function up(db: Kysely<unknown>): Promise<void> {
  // disputed: the buyer's bank took the money back; the unredeemed codes are void.
  await allowStatuses(db, statusesAfter)
  await db.schema
    .alterTable('orders')
    // What the provider says was paid, and its reference (Stripe's payment intent): refunds and
    // disputes arrive naming it.
    .addColumn('payment_ref', 'text')
    .addColumn('paid_cents', 'integer')
    .addColumn('paid_currency', 'text')
    // Why a paid order was not fulfilled (the amount or currency did not match).
    .addColumn('flag_reason', 'text')
    .addColumn('refunded_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reversed_at', 'timestamptz')
    .execute()
  await db.schema.createIndex('orders_payment_ref').on('orders').column('payment_ref').execute()
  // "Resend my codes" looks orders up by address, whatever its capitals.
  await sql`create index orders_email_lower on orders (lower(email), created_at)`.execute(db)

  // Refunds and disputes as the provider reported them, by payment: kept even when they arrive
  // before the payment itself is known, and applied to the order once it is.
  await db.schema
    .createTable('payment_reversals')
    .addColumn('payment_ref', 'text', (c) => c.primaryKey())
    .addColumn('refunded_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('fully_refunded_at', 'timestamptz')
    .addColumn('disputed_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('payment_reversals').execute()
  await db.schema.dropIndex('orders_email_lower').execute()
  await db.schema.dropIndex('orders_payment_ref').execute()
  await db.schema
    .alterTable('orders')
    .dropColumn('payment_ref')
    .dropColumn('paid_cents')
    .dropColumn('paid_currency')
    .dropColumn('flag_reason')
    .dropColumn('refunded_cents')
    .dropColumn('reversed_at')
    .execute()
  await sql`update orders set status = 'refunded' where status = 'disputed'`.execute(db)
  await allowStatuses(db, statusesBefore)
}
