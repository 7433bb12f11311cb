import { type Kysely, sql } from 'kysely'

/**
 * The night's goal, one per show (docs/stage.md, "The night's goal"): the boosts to reach and
 * what happens then, its level (1, then 2 once reached and raised...) and the highest level whose
 * alert has played. Reaching it is one conditional update of `reached_level`, so of every server
 * process that sees the total pass it, exactly one plays the alert.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('show_goals')
    .addColumn('show_id', 'text', (column) =>
      column.primaryKey().references('events.id').onDelete('cascade'),
    )
    .addColumn('boosts', 'integer', (column) => column.notNull().check(sql`boosts > 0`))
    .addColumn('reward', 'text', (column) => column.notNull())
    .addColumn('level', 'integer', (column) => column.notNull().defaultTo(1))
    .addColumn('reached_level', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('reached_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull())
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('show_goals').execute()
}
