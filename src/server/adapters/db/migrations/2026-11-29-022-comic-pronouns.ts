import type { Kysely } from 'kysely'

/**
 * A comic's pronouns ("she/her"), optional and short: shown on their public page after their
 * name. The column of the field shared/comic-fields.ts declares; '' for every comic until given.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('comics')
    .addColumn('pronouns', 'text', (column) => column.notNull().defaultTo(''))
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('comics').dropColumn('pronouns').execute()
}
