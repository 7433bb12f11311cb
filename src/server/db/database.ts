import fs from 'node:fs/promises'
import path from 'node:path'
import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import { migrateToLatest } from './migrations'
import { PGliteDialect } from './pglite-dialect'
import type { Database } from './schema'

export type Db = Kysely<Database>

export interface DatabaseOptions {
  /** postgres://... uses PostgreSQL; otherwise embedded PGlite. */
  databaseUrl?: string | undefined
  /** PGlite's data folder; omitted, PGlite keeps everything in memory (tests). */
  dataDir?: string | undefined
}

/** Opens the database and brings its schema up to date. Nothing connects at import time. */
export async function openDatabase(options: DatabaseOptions): Promise<Db> {
  const db = options.databaseUrl
    ? new Kysely<Database>({
        dialect: new PostgresDialect({
          pool: new pg.Pool({ connectionString: options.databaseUrl, max: 10 }),
        }),
      })
    : await openPglite(options.dataDir)
  try {
    await migrateToLatest(db as Kysely<unknown>)
  } catch (error) {
    await db.destroy()
    throw error
  }
  return db
}

async function openPglite(dataDir: string | undefined): Promise<Db> {
  const { PGlite } = await import('@electric-sql/pglite')
  let dir: string | undefined
  if (dataDir) {
    dir = path.join(dataDir, 'pglite')
    await fs.mkdir(dir, { recursive: true })
  }
  const pglite = await PGlite.create(dir ? { dataDir: dir } : {})
  return new Kysely<Database>({ dialect: new PGliteDialect(pglite) })
}

/** `count(*)` is a string from pg and a number from PGlite: read it here, once. */
export function toCount(value: unknown): number {
  return typeof value === 'bigint' ? Number(value) : Number(value ?? 0)
}
