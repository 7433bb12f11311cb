// Mail the outbox gave up on, for the mail tests.
import type { Db, OutboxMail } from '../../src/core/db/schema'

/** Mail the outbox gave up on (refused, or failing for 3 days), oldest first. */
export async function listFailedMail(db: Db): Promise<OutboxMail[]> {
  return db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('failed_at', 'is not', null)
    .where('sent_at', 'is', null)
    .orderBy('id')
    .execute()
}
