import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  // When the outbox gave up on a mail (after 3 days of retries): `mail list --failed` shows it,
  // `mail retry` clears it and the worker tries again.
  await db.schema.alterTable('mail_outbox').addColumn('failed_at', 'timestamptz').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('mail_outbox').dropColumn('failed_at').execute()
}
