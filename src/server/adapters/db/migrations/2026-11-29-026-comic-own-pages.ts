import type { Kysely } from 'kysely'

/**
 * A comic's public page in their hands (docs/comics.md, "A comic's own page"): the host's lock
 * on a comic's page (`comics.locked_at`, null: the comic may edit it); every change a comic made
 * to their page, with the values before and after (JSON), so the host can undo one; and the old
 * addresses of a comic's page, each redirecting to the page's address now.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('comics').addColumn('locked_at', 'timestamptz').execute()
  await db.schema
    .createTable('comic_page_changes')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('comic_id', 'text', (c) => c.notNull().references('comics.id').onDelete('cascade'))
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .addColumn('before', 'text', (c) => c.notNull())
    .addColumn('after', 'text', (c) => c.notNull())
    .addColumn('undone_at', 'timestamptz')
    .execute()
  await db.schema
    .createIndex('comic_page_changes_comic')
    .on('comic_page_changes')
    .columns(['comic_id', 'id'])
    .execute()
  await db.schema
    .createTable('comic_slug_redirects')
    .addColumn('old_slug', 'text', (c) => c.primaryKey())
    .addColumn('comic_id', 'text', (c) => c.notNull().references('comics.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('comic_slug_redirects').execute()
  await db.schema.dropTable('comic_page_changes').execute()
  await db.schema.alterTable('comics').dropColumn('locked_at').execute()
}
