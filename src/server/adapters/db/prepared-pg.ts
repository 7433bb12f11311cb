import { createHash } from 'node:crypto'
import type pg from 'pg'
import { preparedMarker } from '../../../core/db/prepared'
import { loadWhenNeeded } from '../load-when-needed'

/** A statement's name on a connection: from its text, so one text is prepared once. */
const names = new Map<string, string>()
export function statementName(text: string): string {
  let name = names.get(text)
  if (!name) {
    name = `p_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`
    names.set(text, name)
  }
  return name
}

/** PostgreSQL's refusal to reuse a plan whose result changed shape (a migration since). */
export const planChanged = '0A000'

/**
 * node-postgres, loaded when PostgreSQL is configured rather than by every start of the server:
 * the embedded database needs none of it.
 */
export const loadPg = (): typeof pg => loadWhenNeeded<typeof pg>('pg')

let preparingClient: typeof pg.Client | undefined

/**
 * A pooled connection that sends a hot statement (src/core/db/prepared.ts) as a named one, so
 * PostgreSQL parses and plans it once per connection (the kiosk's grant: half the database's
 * CPU). Kysely calls `query(text, values)`; everything else passes through unchanged. Should a
 * migration by another process change a prepared statement's result, the connection says so
 * once and goes on without naming statements.
 */
export function preparingClientClass(): typeof pg.Client {
  preparingClient ??= class PreparingClient extends loadPg().Client {
    #naming = true

    // biome-ignore lint/suspicious/noExplicitAny: pg's overloads, passed through as they came.
    override query(config: any, values?: any, callback?: any): any {
      if (!this.#naming || typeof config !== 'string' || !config.startsWith(preparedMarker)) {
        return super.query(config, values, callback)
      }
      if (typeof callback === 'function' || typeof values === 'function') {
        return super.query(config, values, callback)
      }
      const named = { name: statementName(config), text: config, values }
      return super.query(named).catch((error: unknown) => {
        if ((error as { code?: unknown }).code !== planChanged) throw error
        this.#naming = false
        return super.query(config, values)
      })
    }
  }
  return preparingClient
}
