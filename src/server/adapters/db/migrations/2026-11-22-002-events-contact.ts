import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('events')
    // Regular shows get a deterministic id from their slot ("regular-20261122T2200Z"), so seeding
    // them again is a no-op on the primary key, and an operator's edit or removal sticks.
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull().check(sql`source in ('regular', 'operator')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    // A removed event is kept as a tombstone: otherwise the daily seeding would bring back a
    // regular show the operator cancelled.
    .addColumn('removed_at', 'timestamptz')
    .execute()

  await db.schema
    .createIndex('events_upcoming')
    .on('events')
    .column('starts_at')
    .where(sql.ref('removed_at'), 'is', null)
    .execute()

  await db.schema
    .createTable('contact_messages')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('client_hash', 'text')
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('contact_messages').execute()
  await db.schema.dropTable('events').execute()
}
