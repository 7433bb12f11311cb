import { type Selectable, sql } from 'kysely'
import type { Database, Db } from '../db/schema'

/** Tables of requests a route records and the mail worker answers: "Lost your codes?", sign-in links. */
export type WaitingRequestTable = 'resend_requests' | 'sign_in_requests'

/** A request as the worker takes it. */
type Waiting<T extends WaitingRequestTable> = Selectable<Database[T]> & { id: number }

export interface AnswerOptions {
  /** At most this many requests per run. */
  batchSize?: number
  /** Checked before each request: true ends the run (the rest wait for the next). */
  stopping?: () => boolean
}

/**
 * Run by the mail worker: takes the requests waiting in `table` one at a time, oldest first, and
 * answers each (which may queue mail) in the same transaction that deletes it. Several processes
 * skip each other's locked rows, so a request is answered once; a failure rolls back and leaves
 * it for the next run (the others of this run go on: one bad request never holds up the rest);
 * and what it held (an address) is not kept past its answer. Returns how many were answered;
 * throws the first failure once the run is over.
 */
export async function answerWaitingRequests<T extends WaitingRequestTable>(
  db: Db,
  table: T,
  answer: (trx: Db, request: Waiting<T>) => Promise<unknown>,
  options: AnswerOptions = {},
): Promise<number> {
  let answered = 0
  const failed: number[] = []
  let firstError: { error: unknown } | undefined
  for (let i = 0; i < (options.batchSize ?? 20); i++) {
    if (options.stopping?.()) break
    let taking: number | undefined
    try {
      const done = await db.transaction().execute(async (trx) => {
        const skip = failed.length > 0 ? sql`where id not in (${sql.join(failed)})` : sql``
        const taken = await sql<Waiting<T>>`
          delete from ${sql.table(table)}
          where id = (select id from ${sql.table(table)} ${skip} order by id limit 1 for update skip locked)
          returning *`.execute(trx)
        const request = taken.rows[0]
        if (!request) return false
        taking = request.id
        await answer(trx, request)
        return true
      })
      if (!done) break
      answered++
    } catch (error) {
      if (taking === undefined) throw error
      failed.push(taking)
      firstError ??= { error }
    }
  }
  if (firstError) throw firstError.error
  return answered
}
