import { type Kysely, sql } from 'kysely'
import { fanMessageStateFunction, wordListPattern } from '../../../../core/moderation/message-rule'
import { defaultWordList } from '../../../../shared/moderation'

/**
 * Fans' words with their gifts (docs/decisions/042-fans-words-on-the-stage.md): the order's
 * "Name on stage", each code's message for the comic, a member's message for tonight's gift;
 * the grant keeps the name shown (none when anonymous), the message and where it stands
 * (shown, held, approved, rejected); the host's moderation (mode and word list) in one row, and
 * fan_message_state(message), which each grant's statement calls.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('stage_name', 'text').execute()
  await db.schema.alterTable('codes').addColumn('message', 'text').execute()
  await db.schema.alterTable('memberships').addColumn('stage_message', 'text').execute()
  for (const table of ['redemptions', 'member_redemptions']) {
    await db.schema
      .alterTable(table)
      .addColumn('name', 'text')
      .addColumn('message', 'text')
      .addColumn('message_state', 'text', (c) =>
        c.check(sql`message_state in ('shown', 'held', 'approved', 'rejected')`),
      )
      .execute()
  }
  // A member's grants so far keep the name they were shown by (the name is now the grant's own).
  await sql`update member_redemptions r set name = m.display_name
    from memberships m where m.id = r.membership_id and not r.anonymous`.execute(db)
  // The held queue is read per show, newest first: only held rows are indexed.
  await sql`create index redemptions_held on redemptions (show_id) where message_state = 'held'`.execute(
    db,
  )
  await sql`create index member_redemptions_held on member_redemptions (show_id) where message_state = 'held'`.execute(
    db,
  )
  await db.schema
    .createTable('stage_moderation')
    .addColumn('id', 'boolean', (c) => c.primaryKey().defaultTo(true).check(sql`id`))
    .addColumn('mode', 'text', (c) => c.notNull().check(sql`mode in ('words', 'hold')`))
    .addColumn('words', 'text', (c) => c.notNull())
    .addColumn('pattern', 'text', (c) => c.notNull())
    .execute()
  await sql`insert into stage_moderation (id, mode, words, pattern)
    values (true, 'words', ${JSON.stringify(defaultWordList)}, ${wordListPattern(defaultWordList)})`.execute(
    db,
  )
  await sql.raw(fanMessageStateFunction).execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function fan_message_state(text)`.execute(db)
  await db.schema.dropTable('stage_moderation').execute()
  for (const table of ['redemptions', 'member_redemptions']) {
    await db.schema
      .alterTable(table)
      .dropColumn('name')
      .dropColumn('message')
      .dropColumn('message_state')
      .execute()
  }
  await db.schema.alterTable('memberships').dropColumn('stage_message').execute()
  await db.schema.alterTable('codes').dropColumn('message').execute()
  await db.schema.alterTable('orders').dropColumn('stage_name').execute()
}
