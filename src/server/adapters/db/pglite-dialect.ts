import type { PGlite } from '@electric-sql/pglite'
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
} from 'kysely'
import { preparedMarker } from '../../../core/db/prepared'
import { PreparedStatements } from './prepared-pglite'

/**
 * Kysely over embedded PGlite. PGlite is one connection, so the driver hands it out to one
 * caller at a time: a transaction owns it from BEGIN to COMMIT and nothing interleaves.
 * (docs/decisions/002-own-pglite-dialect.md: why not the kysely-pglite package.)
 */
export class PGliteDialect implements Dialect {
  /** `onClose` runs once the database is closed (the data folder's lock is released there). */
  constructor(
    private readonly pglite: PGlite,
    private readonly onClose?: () => void,
  ) {}
  createAdapter() {
    return new PostgresAdapter()
  }
  createDriver(): Driver {
    return new PGliteDriver(this.pglite, this.onClose)
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db)
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler()
  }
}

class PGliteDriver implements Driver {
  #queue: Promise<void> = Promise.resolve()
  #release: (() => void) | undefined
  readonly #connection: PGliteConnection

  constructor(
    private readonly pglite: PGlite,
    private readonly onClose?: () => void,
  ) {
    this.#connection = new PGliteConnection(pglite)
  }

  async init(): Promise<void> {
    await this.pglite.waitReady
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.#queue
    let release!: () => void
    this.#queue = new Promise((resolve) => {
      release = resolve
    })
    await previous
    this.#release = release
    return this.#connection
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin'))
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'))
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'))
  }

  async releaseConnection(): Promise<void> {
    const release = this.#release
    this.#release = undefined
    release?.()
  }

  async destroy(): Promise<void> {
    if (!this.pglite.closed) await this.pglite.close()
    this.onClose?.()
  }
}

class PGliteConnection implements DatabaseConnection {
  readonly #prepared: PreparedStatements

  constructor(private readonly pglite: PGlite) {
    this.#prepared = new PreparedStatements(pglite)
  }

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const result = compiled.sql.startsWith(preparedMarker)
      ? await this.#prepared.query<R>(compiled.sql, compiled.parameters)
      : await this.pglite.query<R>(compiled.sql, [...compiled.parameters], { rowMode: 'object' })
    return {
      rows: result.rows,
      numAffectedRows: result.affectedRows === undefined ? undefined : BigInt(result.affectedRows),
    }
  }

  // biome-ignore lint/correctness/useYield: streaming is not offered by PGlite.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite does not stream query results')
  }
}
