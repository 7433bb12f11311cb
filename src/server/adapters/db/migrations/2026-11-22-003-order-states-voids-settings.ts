import { type Kysely, sql } from 'kysely'

const allStatuses = ['pending', 'paid', 'fulfilled', 'expired', 'flagged', 'refunded']
const firstStatuses = ['pending', 'paid', 'fulfilled']

async function allowStatuses(db: Kysely<unknown>, statuses: string[]): Promise<void> {
  await sql`alter table orders drop constraint if exists orders_status_check`.execute(db)
  await sql`alter table orders add constraint orders_status_check check (status in (${sql.join(statuses.map((s) => sql.lit(s)))}))`.execute(
    db,
  )
}

export async function up(db: Kysely<unknown>): Promise<void> {
  // expired: never paid within a day; flagged: paid, but not what the order asked (not
  // fulfilled); refunded: the money went back.
  await allowStatuses(db, allStatuses)
  // The event (events.id) the order's codes are for, fixed when it is fulfilled.
  await db.schema.alterTable('orders').addColumn('show_id', 'text').execute()

  // A refunded or disputed order's unredeemed codes are voided: kept, so the kiosk can say why.
  await db.schema
    .alterTable('codes')
    .addColumn('voided_at', 'timestamptz')
    .addColumn('void_reason', 'text')
    .execute()

  // Values every server process must share, such as the key of the client-address hashes.
  await db.schema
    .createTable('server_settings')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('show_id').execute()
  await allowStatuses(db, firstStatuses)
  await db.schema.dropTable('server_settings').execute()
  await db.schema.alterTable('codes').dropColumn('void_reason').dropColumn('voided_at').execute()
}
