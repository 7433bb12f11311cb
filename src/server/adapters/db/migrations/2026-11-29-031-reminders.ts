import { type Kysely, sql } from 'kysely'

/**
 * Reminders before a show and following a comic (docs/product.md, "Reminders and following"):
 * an address confirmed once by a mailed link, the shows it asked to be reminded of, the comics it
 * follows and the lineup news it was told; and the headers a mail carries (List-Unsubscribe).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('subscribers')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    // The one confirm link mailed in this round (a hash only); null once confirmed.
    .addColumn('confirm_token_hash', 'text', (c) => c.unique())
    .addColumn('confirmed_at', 'timestamptz')
    // Unsubscribing from everything starts a new round: the address must confirm again.
    .addColumn('round', 'integer', (c) => c.notNull().defaultTo(0))
    // In every reminder and follow mail's unsubscribe link, queued long after it was made.
    .addColumn('manage_token', 'text', (c) => c.notNull().unique())
    .addColumn('last_follow_mail_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute()
  await db.schema
    .createTable('show_reminders')
    .addColumn('subscriber_id', 'integer', (c) =>
      c.notNull().references('subscribers.id').onDelete('cascade'),
    )
    .addColumn('show_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('show_reminders_pk', ['subscriber_id', 'show_id'])
    .execute()
  await db.schema
    .createIndex('show_reminders_show')
    .on('show_reminders')
    .column('show_id')
    .execute()
  await db.schema
    .createTable('comic_follows')
    .addColumn('subscriber_id', 'integer', (c) =>
      c.notNull().references('subscribers.id').onDelete('cascade'),
    )
    .addColumn('comic_id', 'text', (c) => c.notNull().references('comics.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('comic_follows_pk', ['subscriber_id', 'comic_id'])
    .execute()
  await db.schema
    .createIndex('comic_follows_comic')
    .on('comic_follows')
    .column('comic_id')
    .execute()
  // Each place on a lineup a follower knows of: told in a follow mail, or there when they followed.
  await db.schema
    .createTable('follow_news')
    .addColumn('subscriber_id', 'integer', (c) =>
      c.notNull().references('subscribers.id').onDelete('cascade'),
    )
    .addColumn('show_id', 'text', (c) => c.notNull())
    .addColumn('comic_id', 'text', (c) => c.notNull())
    .addColumn('told_at', 'timestamptz')
    .addPrimaryKeyConstraint('follow_news_pk', ['subscriber_id', 'show_id', 'comic_id'])
    .execute()
  // Extra headers of a mail, as JSON (List-Unsubscribe and List-Unsubscribe-Post).
  await sql`alter table mail_outbox add column headers text`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table mail_outbox drop column headers`.execute(db)
  await db.schema.dropTable('follow_news').execute()
  await db.schema.dropTable('comic_follows').execute()
  await db.schema.dropTable('show_reminders').execute()
  await db.schema.dropTable('subscribers').execute()
}
