import { type PGlite, parse, protocol, type Results } from '@electric-sql/pglite'
import { planChanged, statementName } from './prepared-pg'

type Prepared = { name: string; types: number[] }

/**
 * Hot statements on the embedded database (src/core/db/prepared.ts): each text is parsed and
 * described once, as a named statement of PGlite's one connection, and each call only binds its
 * values and runs it (the messages `pglite.query` sends after its parse), read with PGlite's own
 * parser (docs/decisions/029-hot-statements-planned-once.md).
 */
export class PreparedStatements {
  readonly #prepared = new Map<string, Prepared>()

  constructor(private readonly pglite: PGlite) {}

  query<R>(text: string, values: readonly unknown[]): Promise<Results<R>> {
    return this.pglite._runExclusiveQuery(async () => {
      try {
        return await this.#run<R>(text, values)
      } catch (error) {
        // The table changed shape since it was prepared (a migration): prepare it again.
        if ((error as { code?: unknown }).code !== planChanged) throw error
        await this.#forget(text)
        return this.#run<R>(text, values)
      }
    })
  }

  async #run<R>(text: string, values: readonly unknown[]): Promise<Results<R>> {
    const { name, types } = await this.#prepare(text)
    const serialized = values.map((value, i) => {
      if (value === null || value === undefined) return null
      const serialize = this.pglite.serializers[types[i] ?? 0]
      return serialize ? serialize(value) : String(value)
    })
    const messages = []
    try {
      messages.push(
        ...(await this.#send(protocol.serialize.bind({ statement: name, values: serialized }))),
        ...(await this.#send(protocol.serialize.describe({ type: 'P' }))),
        ...(await this.#send(protocol.serialize.execute({}))),
      )
    } finally {
      messages.push(...(await this.#send(protocol.serialize.sync())))
    }
    await this.pglite.syncToFs()
    const [result] = parse.parseResults(messages, this.pglite.parsers, { rowMode: 'object' })
    if (!result) throw new Error('PGlite answered a prepared statement with no result')
    return result as Results<R>
  }

  async #prepare(text: string): Promise<Prepared> {
    const known = this.#prepared.get(text)
    if (known) return known
    const name = statementName(text)
    let described = []
    try {
      await this.#send(protocol.serialize.parse({ name, text }))
      described = await this.#send(protocol.serialize.describe({ type: 'S', name }))
    } finally {
      await this.#send(protocol.serialize.sync())
    }
    const prepared = { name, types: parse.parseDescribeStatementResults(described) }
    this.#prepared.set(text, prepared)
    return prepared
  }

  async #forget(text: string): Promise<void> {
    const name = this.#prepared.get(text)?.name
    this.#prepared.delete(text)
    if (!name) return
    try {
      await this.#send(protocol.serialize.close({ type: 'S', name }))
    } finally {
      await this.#send(protocol.serialize.sync())
    }
  }

  #send(message: Uint8Array) {
    return this.pglite.execProtocolStream(message, { syncToFs: false })
  }
}
