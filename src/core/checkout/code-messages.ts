import { normalizeCode } from '../../shared/code-format'
import type { CodeMessageAnswer } from '../../shared/code-message-api'
import { cleanFanMessage, fanWordsTexts } from '../../shared/fan-words'
import type { Db } from '../db/schema'
import { refuse } from '../refusal'

/**
 * Saves the message for the comic that goes with one code (docs/stage.md, "Names and
 * messages"), cleaned, for a code of the order whose checkout session the fan holds (the success
 * page's, the codes mail's link). One conditional UPDATE: a code already redeemed (or voided)
 * keeps the message it was granted with, and the fan is told so; a redemption at the same moment
 * is one or the other, never half of each (the grant's statement reads the message it updates).
 */
export async function saveCodeMessage(
  db: Db,
  input: { sessionId: string; code: string; message: string },
): Promise<CodeMessageAnswer> {
  const typed = normalizeCode(input.code)
  if (!typed.ok || typed.kind !== 'show') throw refuse.notFound(fanWordsTexts.codeNotFound)
  const message = cleanFanMessage(input.message)
  const saved = await db
    .updateTable('codes')
    .set({ message: message || null })
    .where('code', '=', typed.code)
    .where('redeemed_at', 'is', null)
    .where('voided_at', 'is', null)
    .where('order_id', 'in', (eb) =>
      eb.selectFrom('orders').select('id').where('session_id', '=', input.sessionId),
    )
    .returning('code')
    .executeTakeFirst()
  if (saved) {
    return { message, said: message ? fanWordsTexts.messageSaved : fanWordsTexts.messageCleared }
  }
  const found = await db
    .selectFrom('codes as c')
    .innerJoin('orders as o', 'o.id', 'c.order_id')
    .select(['c.redeemed_at', 'c.voided_at'])
    .where('c.code', '=', typed.code)
    .where('o.session_id', '=', input.sessionId)
    .executeTakeFirst()
  if (!found) throw refuse.notFound(fanWordsTexts.codeNotFound)
  if (found.redeemed_at) throw refuse.conflict(fanWordsTexts.messageLocked)
  throw refuse.conflict(fanWordsTexts.messageVoided)
}
