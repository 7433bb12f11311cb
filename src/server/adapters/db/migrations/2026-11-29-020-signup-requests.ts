import { type Kysely, sql } from 'kysely'

/**
 * Open-mic sign-ups that nobody but their owner can change (docs/comics.md, "Open mics"), and
 * comics made from them that publish nothing the sign-up form kept private.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Each sign-up request is a pending row of its own, with its own confirm link and the fields
  // typed with it: a second request for the same address no longer overwrites the first. One
  // confirmed sign-up per address and show, as before.
  await sql`drop index open_mic_signups_one_per_address`.execute(db)
  await sql`create unique index open_mic_signups_one_confirmed on open_mic_signups (show_id, email)
    where state = 'confirmed'`.execute(db)
  // Every withdraw link mailed for a sign-up works until it is withdrawn: a mail asked for by
  // anyone (signing up again) adds a link and voids none. Kept as hashes only, as before.
  await db.schema
    .createTable('open_mic_withdraw_links')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('signup_id', 'integer', (c) => c.notNull().references('open_mic_signups.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('open_mic_withdraw_links_signup')
    .on('open_mic_withdraw_links')
    .column('signup_id')
    .execute()
  await sql`insert into open_mic_withdraw_links (token_hash, signup_id, created_at)
    select withdraw_token_hash, id, coalesce(confirmed_at, created_at) from open_mic_signups
    where withdraw_token_hash is not null`.execute(db)
  await db.schema.alterTable('open_mic_signups').dropColumn('withdraw_token_hash').execute()
  // Whether a comic's VRChat name is on their public pages, and whether they were made from an
  // open-mic sign-up (whose page says so while no show has them): the form keeps the name private.
  await db.schema
    .alterTable('comics')
    .addColumn('vrchat_public', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute()
  await db.schema
    .alterTable('comics')
    .addColumn('from_signup', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute()
  // The comics made from a sign-up so far: created by the confirmation, in its transaction.
  await sql`update comics set vrchat_public = false, from_signup = true
    where exists (select 1 from open_mic_signups s where s.comic_id = comics.id
      and s.confirmed_at = comics.created_at and s.email = comics.payout_email)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('comics').dropColumn('from_signup').execute()
  await db.schema.alterTable('comics').dropColumn('vrchat_public').execute()
  await db.schema
    .alterTable('open_mic_signups')
    .addColumn('withdraw_token_hash', 'text', (c) => c.unique())
    .execute()
  // One link per sign-up, as before: the newest.
  await sql`update open_mic_signups s set withdraw_token_hash = (
      select l.token_hash from open_mic_withdraw_links l where l.signup_id = s.id
      order by l.created_at desc, l.token_hash limit 1)`.execute(db)
  await db.schema.dropTable('open_mic_withdraw_links').execute()
  // Pending requests beyond the newest of an address cannot stay under the old index.
  await sql`delete from open_mic_signups s where s.state = 'pending' and exists (
      select 1 from open_mic_signups n where n.show_id = s.show_id and n.email = s.email
      and n.state in ('pending', 'confirmed') and (n.state = 'confirmed' or n.id > s.id))`.execute(
    db,
  )
  await sql`drop index open_mic_signups_one_confirmed`.execute(db)
  await sql`create unique index open_mic_signups_one_per_address on open_mic_signups (show_id, email)
    where state in ('pending', 'confirmed')`.execute(db)
}
