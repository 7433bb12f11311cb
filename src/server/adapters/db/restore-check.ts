import fs from 'node:fs'
import path from 'node:path'
import { sql } from 'kysely'
import type { Db } from '../../../core/db/schema'
import { refuse } from '../../../core/refusal'
import { dataTexts } from './data-texts'

/**
 * Reads a restored database whole before it is called restored: every relation's file is in
 * `pgliteDir` (each table's, its indexes', its long values' and each sequence's), then every row
 * of every table, its long values included. A backup missing files otherwise restores, and the
 * server answers 500 wherever it reads them. Refuses, naming the tables that failed.
 */
export async function checkRestored(db: Db, pgliteDir: string, backup: string): Promise<void> {
  // Each file with the table it belongs to: an index's table, a TOAST table's owner.
  const { rows: files } = await sql<{ table: string; file: string }>`select
      coalesce(owner.oid, base.oid)::regclass::text as "table",
      pg_relation_filepath(c.oid) as file
    from pg_class c
    left join pg_index i on i.indexrelid = c.oid
    join pg_class base on base.oid = coalesce(i.indrelid, c.oid)
    left join pg_class owner on owner.reltoastrelid = base.oid
    where pg_relation_filepath(c.oid) is not null`.execute(db)
  const missing = files.filter(({ file }) => !fs.existsSync(path.join(pgliteDir, file)))
  if (missing.length > 0) {
    const tables = [...new Set(missing.map((row) => row.table))].sort()
    throw refuse.invalid(dataTexts.restoreDamaged(backup, tables, dataTexts.restoreFilesMissing))
  }
  const { rows: tables } = await sql<{ schema: string; name: string }>`select
      table_schema as schema, table_name as name from information_schema.tables
    where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
    order by 1, 2`.execute(db)
  for (const { schema, name } of tables) {
    try {
      await sql`select count(*), sum(length(t::text)) from ${sql.id(schema, name)} t`.execute(db)
    } catch (error) {
      const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? ''
      throw refuse.invalid(dataTexts.restoreDamaged(backup, [name], reason))
    }
  }
}
