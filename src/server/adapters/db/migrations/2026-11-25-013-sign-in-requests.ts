import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  // A sign-in link request answers at once and leaves the rest to the mail worker (who may sign
  // in, the link, its mail), so how long it takes cannot tell a host or a member from a stranger.
  // A row lives until the worker takes it.
  await db.schema
    .createTable('sign_in_requests')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('audience', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('requested_at', 'timestamptz', (c) => c.notNull())
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sign_in_requests').execute()
}
