import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  // "Lost your codes?" answers at once and leaves the lookup to the mail worker, so how long the
  // answer takes cannot tell whether the address bought anything. A row lives until the worker
  // takes it; the unique key makes a double click one request.
  await db.schema
    .createTable('resend_requests')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('dedupe_key', 'text', (c) => c.notNull().unique())
    .addColumn('requested_at', 'timestamptz', (c) => c.notNull())
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('resend_requests').execute()
}
