import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  // The host's console signs in with one-time links mailed to an address in ADMIN_EMAILS; only a
  // hash of each link's token is kept, so a copy of the database opens no console.
  await db.schema
    .createTable('console_links')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute()
  // A session is a cookie holding a random id; the database keeps its hash, so every server
  // process behind a proxy knows it and a copy of the database holds no live session.
  await db.schema
    .createTable('console_sessions')
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('csrf_token', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ended_at', 'timestamptz')
    .execute()
  // Every operator action, through the console or the command line: who, when, what, on what.
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('via', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text')
    .addColumn('target_id', 'text')
    .addColumn('summary', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('audit_log_at').execute()
  await db.schema.dropTable('audit_log').execute()
  await db.schema.dropTable('console_sessions').execute()
  await db.schema.dropTable('console_links').execute()
}
