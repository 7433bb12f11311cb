import { type Kysely, sql } from 'kysely'

/**
 * What a comic's statement itemises (docs/decisions/045-a-statement-that-explains-every-cent.md):
 * a settlement line keeps what its member boosts were worth apart from its show codes
 * (`member_cents`; the show codes' worth is `credited_cents - member_cents`), and a payout says
 * how it was sent (`method`: "PayPal", "bank transfer"; '' when not said). Lines closed before
 * this are read as their terms had it, every member boost counted: member payments taken back
 * before a close were not recorded per line.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('settlement_lines')
    .addColumn('member_cents', 'integer', (column) => column.notNull().defaultTo(0))
    .execute()
  await sql`
    update settlement_lines l
    set member_cents = least(l.credited_cents, l.member_boosts * s.member_boost_cents)
    from settlements s
    where s.show_id = l.show_id`.execute(db)
  await db.schema
    .alterTable('comic_payouts')
    .addColumn('method', 'text', (column) => column.notNull().defaultTo(''))
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('comic_payouts').dropColumn('method').execute()
  await db.schema.alterTable('settlement_lines').dropColumn('member_cents').execute()
}
