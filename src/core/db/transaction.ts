import type { Db } from './schema'

/** Runs `work` in a transaction, or in the caller's when there is one already. */
export function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work)
}
