import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  // A show's settlement once the host closed it (docs/comics.md, "Settling with the comics"): the
  // terms it was made with and its totals, never changed again. One row per show, so closing a
  // show twice meets the primary key, not a check-then-write.
  await db.schema
    .createTable('settlements')
    .addColumn('show_id', 'text', (c) => c.primaryKey().references('events.id'))
    .addColumn('closed_at', 'timestamptz', (c) => c.notNull())
    .addColumn('closed_by', 'text', (c) => c.notNull())
    .addColumn('share_percent', 'integer', (c) => c.notNull())
    .addColumn('member_boost_cents', 'integer', (c) => c.notNull())
    .addColumn('pot_rule', 'text', (c) => c.notNull())
    .addColumn('taken_cents', 'integer', (c) => c.notNull())
    .addColumn('member_value_cents', 'integer', (c) => c.notNull())
    .addColumn('money_cents', 'integer', (c) => c.notNull())
    .addColumn('comics_cents', 'integer', (c) => c.notNull())
    .addColumn('club_cents', 'integer', (c) => c.notNull())
    // The pot: boosts given while nobody was on stage, their worth and the comics' share of it.
    .addColumn('pot_code_boosts', 'integer', (c) => c.notNull())
    .addColumn('pot_member_boosts', 'integer', (c) => c.notNull())
    .addColumn('pot_anonymous_boosts', 'integer', (c) => c.notNull())
    .addColumn('pot_cents', 'integer', (c) => c.notNull())
    .addColumn('pot_comics_cents', 'integer', (c) => c.notNull())
    .execute()
  // Each comic's line of a closed settlement: boosts, what was credited, their pot share, owed.
  await db.schema
    .createTable('settlement_lines')
    .addColumn('show_id', 'text', (c) => c.notNull().references('settlements.show_id'))
    .addColumn('comic_id', 'text', (c) => c.notNull().references('comics.id'))
    .addColumn('code_boosts', 'integer', (c) => c.notNull())
    .addColumn('member_boosts', 'integer', (c) => c.notNull())
    .addColumn('anonymous_boosts', 'integer', (c) => c.notNull())
    .addColumn('credited_cents', 'integer', (c) => c.notNull())
    .addColumn('pot_cents', 'integer', (c) => c.notNull())
    .addColumn('owed_cents', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('settlement_lines_pk', ['show_id', 'comic_id'])
    .execute()
  // What changed at a closed show since (a refund, a dispute), landed on the settlement closed
  // next: per comic, and the club's (comic_id null), so each landing adds up to the money's change.
  await db.schema
    .createTable('settlement_adjustments')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('show_id', 'text', (c) => c.notNull().references('settlements.show_id'))
    .addColumn('from_show_id', 'text', (c) => c.notNull().references('settlements.show_id'))
    .addColumn('comic_id', 'text', (c) => c.references('comics.id'))
    .addColumn('cents', 'integer', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('settlement_adjustments_from')
    .on('settlement_adjustments')
    .columns(['from_show_id', 'comic_id'])
    .execute()
  // Money the club paid a comic outside the product (PayPal, a bank transfer): recorded here.
  await db.schema
    .createTable('comic_payouts')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('comic_id', 'text', (c) => c.notNull().references('comics.id'))
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    /** The day it was paid, YYYY-MM-DD (Central time). */
    .addColumn('paid_on', 'text', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('recorded_at', 'timestamptz', (c) => c.notNull())
    .addColumn('recorded_by', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('comic_payouts_comic')
    .on('comic_payouts')
    .column('comic_id')
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('comic_payouts').execute()
  await db.schema.dropTable('settlement_adjustments').execute()
  await db.schema.dropTable('settlement_lines').execute()
  await db.schema.dropTable('settlements').execute()
}
