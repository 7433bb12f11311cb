import type { Kysely } from 'kysely'

/**
 * An event's revision for calendar apps (iCalendar's SEQUENCE, RFC 5545 3.8.7.4): 0 when made,
 * one more each time the show moves, so a calendar that holds it replaces its entry.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('events')
    .addColumn('sequence', 'integer', (column) => column.notNull().defaultTo(0))
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('events').dropColumn('sequence').execute()
}
