import { limits } from '../../shared/limits'
import { queueMail } from '../mail/outbox'
import { refuse } from '../refusal'
import { emailCodesMessages } from './checkout-texts'
import { codesMail } from './codes-mail'
import type { FulfilDeps } from './fulfil'
import { findOrderCodes } from './orders'

/**
 * A purchase made without an address, then one given on its success page: the address is kept
 * on the order and its codes mail is queued, in one transaction. The order's mail key is the
 * one fulfilment uses (`codes:<order>`), and only an order with no address takes one, so a
 * purchase's codes are mailed once, to one address. Whoever holds the session id already sees
 * the codes on screen; the route limits how often a client may ask.
 */
export async function emailOrderCodes(
  deps: Pick<FulfilDeps, 'db' | 'clock' | 'kickMail'>,
  sessionId: string,
  email: string,
): Promise<string> {
  const now = deps.clock.now()
  const queued = await deps.db.transaction().execute(async (trx) => {
    const order = await trx
      .updateTable('orders')
      .set({ email })
      .where('session_id', '=', sessionId)
      .where('status', '=', 'fulfilled')
      .where('email', 'is', null)
      .returningAll()
      .executeTakeFirst()
    if (!order?.show_name || !order.show_starts_at) return false
    const codes = await findOrderCodes(trx, order.id)
    const show = {
      id: order.show_id ?? undefined,
      name: order.show_name,
      startsAt: order.show_starts_at,
    }
    await queueMail(
      trx,
      {
        dedupeKey: `codes:${order.id}`,
        ...codesMail({
          to: email,
          codes,
          show,
          expiresAt: new Date(show.startsAt.getTime() + limits.showRolloverMs),
          sessionId,
          order: {
            id: order.id,
            paidAt: order.paid_at ?? now,
            lines: order.lines,
            totalCents: order.total_cents,
          },
        }),
      },
      now,
    )
    return true
  })
  if (queued) {
    deps.kickMail?.()
    return emailCodesMessages.sent(email)
  }
  const order = await deps.db
    .selectFrom('orders')
    .select(['status', 'email'])
    .where('session_id', '=', sessionId)
    .executeTakeFirst()
  if (!order) throw refuse.notFound(emailCodesMessages.notFound)
  if (order.email) throw refuse.conflict(emailCodesMessages.alreadyGiven)
  throw refuse.conflict(emailCodesMessages.notReady)
}
