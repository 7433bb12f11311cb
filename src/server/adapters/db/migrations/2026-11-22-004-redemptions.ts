import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per redeemed code, written in the same statement that marks the code redeemed, so
  // the code's primary key here is a second guard that a code counts once. What the live feed
  // reads (boosts per show, the last gifts) without touching orders or codes.
  await db.schema
    .createTable('redemptions')
    .addColumn('code', 'text', (c) => c.primaryKey().references('codes.code'))
    .addColumn('order_id', 'text', (c) => c.notNull())
    // The event the order was bound to; null only for orders fulfilled before events existed.
    .addColumn('show_id', 'text')
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('boosts', 'integer', (c) => c.notNull())
    .addColumn('anonymous', 'boolean', (c) => c.notNull())
    // HMAC of the player's address with the server secret (client-hash.ts), never the address.
    .addColumn('client_hash', 'text', (c) => c.notNull())
    .addColumn('redeemed_at', 'timestamptz', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('redemptions_show_time')
    .on('redemptions')
    .columns(['show_id', 'redeemed_at'])
    .execute()
  await db.schema.createIndex('orders_show').on('orders').column('show_id').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('orders_show').execute()
  await db.schema.dropTable('redemptions').execute()
}
