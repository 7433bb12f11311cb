import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  // The roster (docs/comics.md). The payout address is the host's business and the comic's own
  // sign-in; no public view reads it. An archived comic keeps its row: its sets and credit stay.
  await db.schema
    .createTable('comics')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('bio', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('vrchat_name', 'text', (c) => c.notNull().defaultTo(''))
    // JSON: [{ "label": "Instagram", "url": "https://..." }]
    .addColumn('links', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('payout_email', 'text')
    .addColumn('picture_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addColumn('archived_at', 'timestamptz')
    .execute()
  // A picture as the server re-encoded it; a new upload is a new row (a new URL, cached forever).
  await db.schema
    .createTable('comic_pictures')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('comic_id', 'text', (c) => c.notNull().references('comics.id'))
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('data', 'bytea', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute()
  // A show's bill in running order: each comic once, with a role and a planned set length.
  await db.schema
    .createTable('lineups')
    .addColumn('show_id', 'text', (c) => c.notNull().references('events.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('comic_id', 'text', (c) => c.notNull().references('comics.id'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('set_minutes', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('lineups_pk', ['show_id', 'position'])
    .addUniqueConstraint('lineups_one_place', ['show_id', 'comic_id'])
    .execute()
  // Who was on stage, from when to when. At most one open set per show, held by the database, so
  // two phones tapping "Next" at once cannot leave two comics on stage.
  await db.schema
    .createTable('sets')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('show_id', 'text', (c) => c.notNull().references('events.id'))
    .addColumn('comic_id', 'text', (c) => c.notNull().references('comics.id'))
    .addColumn('started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ended_at', 'timestamptz')
    .execute()
  await sql`create unique index sets_one_open on sets (show_id) where ended_at is null`.execute(db)
  await db.schema.createIndex('sets_comic').on('sets').columns(['comic_id', 'started_at']).execute()
  // Every grant names the set it was credited to when it was granted; null: the show's pot.
  await db.schema.alterTable('redemptions').addColumn('set_id', 'integer').execute()
  await db.schema.alterTable('member_redemptions').addColumn('set_id', 'integer').execute()
  await db.schema.createIndex('redemptions_set').on('redemptions').column('set_id').execute()
  await db.schema
    .createIndex('member_redemptions_set')
    .on('member_redemptions')
    .column('set_id')
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('member_redemptions_set').execute()
  await db.schema.dropIndex('redemptions_set').execute()
  await db.schema.alterTable('member_redemptions').dropColumn('set_id').execute()
  await db.schema.alterTable('redemptions').dropColumn('set_id').execute()
  await db.schema.dropTable('sets').execute()
  await db.schema.dropTable('lineups').execute()
  await db.schema.dropTable('comic_pictures').execute()
  await db.schema.dropTable('comics').execute()
}
