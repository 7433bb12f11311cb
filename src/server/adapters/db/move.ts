import { type Kysely, sql } from 'kysely'
import type { Database, Db } from '../../../core/db/schema'
import { refuse } from '../../../core/refusal'
import { dataTexts } from './data-texts'
import { openDatabase } from './database'
import { migrateToLatest } from './migrations'
import { loadPg } from './prepared-pg'

/** One table after the move: its rows and their checksum on each side. */
export interface MovedTable {
  table: string
  rows: number
  targetRows: number
  checksum: string
  targetChecksum: string
}

/** The migrations' own bookkeeping: the target's is written by its own migrations. */
const notCopied = new Set(['kysely_migration', 'kysely_migration_lock'])
const batchRows = 1000
const oldestServer = 130000

/**
 * Refuses a target that holds any table (a second run, or another database) or a PostgreSQL too
 * old for the migrations; says nothing and changes nothing otherwise.
 */
async function checkTarget(url: string): Promise<void> {
  const client = new (loadPg().Client)({ connectionString: url })
  await client.connect()
  try {
    const version = await client.query<{ v: string; n: string }>(
      `select current_setting('server_version') as v, current_setting('server_version_num') as n`,
    )
    const found = version.rows[0]
    if (found && Number(found.n) < oldestServer)
      throw refuse.invalid(dataTexts.moveOldServer(found.v))
    const tables = await client.query<{ name: string }>(
      `select table_schema || '.' || table_name as name from information_schema.tables
        where table_schema not in ('pg_catalog', 'information_schema') order by 1`,
    )
    if (tables.rows.length > 0) {
      throw refuse.invalid(dataTexts.moveNotEmpty(tables.rows.map((row) => row.name)))
    }
  } finally {
    await client.end()
  }
}

/** The source's tables, each after those it refers to (foreign keys), so each insert finds its rows. */
async function tablesInOrder(db: Kysely<Database>): Promise<string[]> {
  const tables = (
    await sql<{ name: string }>`select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`.execute(db)
  ).rows
    .map((row) => row.name)
    .filter((name) => !notCopied.has(name))
  const refs = (
    await sql<{ from: string; to: string }>`select conrelid::regclass::text as "from",
      confrelid::regclass::text as "to" from pg_constraint where contype = 'f'`.execute(db)
  ).rows
  const ordered: string[] = []
  const visit = (table: string, path: string[]) => {
    if (ordered.includes(table) || path.includes(table)) return
    for (const ref of refs)
      if (ref.from === table && ref.to !== table) visit(ref.to, [...path, table])
    ordered.push(table)
  }
  for (const table of tables) visit(table, [])
  return ordered
}

/** The primary key's columns, for a stable order to read a table in batches. */
async function keyOf(db: Kysely<Database>, table: string): Promise<string> {
  const { rows } = await sql<{ name: string }>`select a.attname as name from pg_index i
      join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
      where i.indrelid = ${table}::regclass and i.indisprimary order by a.attnum`.execute(db)
  return rows.length > 0 ? rows.map((row) => `"${row.name}"`).join(', ') : '1'
}

/**
 * Copies every row of every table as JSON (row_to_json on the source, json_populate_recordset
 * on the target), so each value crosses as PostgreSQL writes it: times to the microsecond,
 * numbers, JSON and bytes unchanged. Ids are copied as they are, and each sequence is set where
 * the source's stands, so the next id is the one the embedded database would have given.
 */
async function copyRows(
  source: Kysely<Database>,
  trx: Kysely<Database>,
  tables: string[],
): Promise<void> {
  // Rows a migration seeded in the new database: the source holds its own of each.
  for (const table of [...tables].reverse()) await sql`delete from ${sql.table(table)}`.execute(trx)
  for (const table of tables) {
    const key = await keyOf(source, table)
    // Every stored column (a generated one is computed again); identity columns keep their ids.
    const columns = sql.join(
      (
        await sql<{ name: string }>`select column_name as name from information_schema.columns
          where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER'
          order by ordinal_position`.execute(trx)
      ).rows.map((row) => sql.id(row.name)),
    )
    for (let offset = 0; ; offset += batchRows) {
      const { rows } = await sql<{ batch: string; n: number }>`select
          coalesce(json_agg(t), '[]')::text as batch, count(*)::int as n from (select * from
          ${sql.table(table)} order by ${sql.raw(key)} limit ${batchRows} offset ${offset}) t`.execute(
        source,
      )
      const batch = rows[0]
      if (!batch || batch.n === 0) break
      await sql`insert into ${sql.table(table)} (${columns}) overriding system value
          select ${columns} from json_populate_recordset(null::${sql.table(table)},
          ${batch.batch}::json)`.execute(trx)
      if (batch.n < batchRows) break
    }
  }
  const sequences = (
    await sql<{ name: string }>`select sequencename as name from pg_sequences
      where schemaname = 'public'`.execute(source)
  ).rows
  for (const { name } of sequences) {
    const { rows } = await sql<{ last: string; called: boolean }>`select last_value::text as last,
        is_called as called from ${sql.table(name)}`.execute(source)
    const at = rows[0]
    if (at)
      await sql`select setval(${name}::regclass, ${at.last}::bigint, ${at.called})`.execute(trx)
  }
}

/**
 * Each table's rows and an md5 over its rows' JSON (sorted, so the order rows are stored in does
 * not matter), in UTC on both sides so times read the same.
 */
async function checksums(db: Kysely<Database>, tables: string[]) {
  return db.connection().execute(async (connection) => {
    await sql`set time zone 'UTC'`.execute(connection)
    const sums = new Map<string, { rows: number; checksum: string }>()
    for (const table of tables) {
      const { rows } = await sql<{ rows: number; checksum: string }>`select count(*)::int as rows,
          md5(coalesce(string_agg(h, '' order by h), '')) as checksum from
          (select md5(row_to_json(t)::text) as h from ${sql.table(table)} t) x`.execute(connection)
      sums.set(table, rows[0] ?? { rows: 0, checksum: '' })
    }
    await sql`reset time zone`.execute(connection)
    return sums
  })
}

/**
 * Runs `work` on one connection in one transaction. PostgreSQL's schema changes are transactional,
 * so a move that fails anywhere, its connection lost included (the server then rolls back by
 * itself), leaves the target as empty as it found it, and can simply be run again.
 */
async function inOneTransaction(
  db: Db,
  work: (trx: Kysely<Database>) => Promise<void>,
): Promise<void> {
  await db.connection().execute(async (connection) => {
    await sql`begin`.execute(connection)
    try {
      await work(connection)
      await sql`commit`.execute(connection)
    } catch (error) {
      // On a lost connection this fails too: the server has rolled back already.
      await sql`rollback`.execute(connection).catch(() => undefined)
      throw error
    }
  })
}

/**
 * Moves the store in `source` (an embedded database, nothing written to it) into the empty
 * PostgreSQL at `url`: its schema by the project's migrations, then every table's rows, then a
 * check of each table. Refuses a target that is not empty; a move that fails leaves it empty.
 */
export async function moveToPostgres(source: Db, url: string): Promise<MovedTable[]> {
  await checkTarget(url)
  const target = await openDatabase({ databaseUrl: url, migrate: false })
  try {
    const tables = await tablesInOrder(source)
    await inOneTransaction(target, async (trx) => {
      await migrateToLatest(trx as Kysely<unknown>, { inTransaction: true })
      await copyRows(source, trx, tables)
    })
    const before = await checksums(source, tables)
    const after = await checksums(target, tables)
    return tables.map((table) => ({
      table,
      rows: before.get(table)?.rows ?? 0,
      targetRows: after.get(table)?.rows ?? 0,
      checksum: before.get(table)?.checksum ?? '',
      targetChecksum: after.get(table)?.checksum ?? '',
    }))
  } finally {
    await target.destroy()
  }
}
