import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  // A show run as an open mic (docs/comics.md, "Open mics"): its slots, set length, sign-up
  // window and how spots are given. A lottery's draw is recorded here once made: its seed and the
  // list before and after (JSON), so anyone can run it again.
  await db.schema
    .createTable('open_mics')
    .addColumn('show_id', 'text', (c) => c.primaryKey().references('events.id'))
    .addColumn('slots', 'integer', (c) => c.notNull())
    .addColumn('set_minutes', 'integer', (c) => c.notNull())
    .addColumn('opens_at', 'timestamptz', (c) => c.notNull())
    .addColumn('closes_at', 'timestamptz', (c) => c.notNull())
    .addColumn('rule', 'text', (c) => c.notNull())
    .addColumn('draw_at', 'timestamptz')
    .addColumn('drawn_at', 'timestamptz')
    .addColumn('draw_seed', 'text')
    .addColumn('draw_before', 'text')
    .addColumn('draw_after', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute()
  // One comic's sign-up. Pending until confirmed from the mailed link; then on a list: `pool`
  // (a lottery not drawn yet), `slot` or `waitlist`, at `position` (1, 2, ...). Links are kept as
  // hashes only: the tokens are in the mails.
  await db.schema
    .createTable('open_mic_signups')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('show_id', 'text', (c) => c.notNull().references('events.id'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('stage_name', 'text', (c) => c.notNull())
    .addColumn('vrchat_name', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    // The comic's own time zone, as their browser said at sign-up ('' when unknown): their mails
    // give a slot's time in Central and in it.
    .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('comic_id', 'text', (c) => c.references('comics.id'))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('list', 'text')
    .addColumn('position', 'integer')
    .addColumn('confirm_seq', 'integer')
    .addColumn('confirm_token_hash', 'text', (c) => c.unique())
    .addColumn('withdraw_token_hash', 'text', (c) => c.unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('confirmed_at', 'timestamptz')
    .addColumn('withdrawn_at', 'timestamptz')
    .addColumn('checked_in_at', 'timestamptz')
    .addColumn('no_show_at', 'timestamptz')
    .execute()
  // One live sign-up per address and show: a second one from the same address finds the first.
  await sql`create unique index open_mic_signups_one_per_address on open_mic_signups (show_id, email)
    where state in ('pending', 'confirmed')`.execute(db)
  await db.schema
    .createIndex('open_mic_signups_list')
    .on('open_mic_signups')
    .columns(['show_id', 'list', 'position'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('open_mic_signups').execute()
  await db.schema.dropTable('open_mics').execute()
}
