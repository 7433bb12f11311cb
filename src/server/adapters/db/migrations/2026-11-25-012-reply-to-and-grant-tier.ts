import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  // The contact mail's Reply-To: the fan who wrote, so the host's Reply reaches them.
  await db.schema.alterTable('mail_outbox').addColumn('reply_to', 'text').execute()
  // The tier a member grant was made under: an old gift keeps its label after a change of plan.
  await db.schema.alterTable('member_redemptions').addColumn('tier', 'text').execute()
  await sql`update member_redemptions r set tier = m.tier from memberships m
    where m.id = r.membership_id`.execute(db)
  await db.schema
    .alterTable('member_redemptions')
    .alterColumn('tier', (column) => column.setNotNull())
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('member_redemptions').dropColumn('tier').execute()
  await db.schema.alterTable('mail_outbox').dropColumn('reply_to').execute()
}
