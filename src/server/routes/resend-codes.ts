import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { codesOfOrders } from '../../core/checkout/orders'
import { fanCodeState } from '../../core/codes/code-state'
import type { Code, Db, Order } from '../../core/db/schema'
import { composeMail, type MailBlock } from '../../core/mail/compose'
import { queueMail } from '../../core/mail/outbox'
import { formatCode } from '../../shared/code-format'
import { ResendCodesSchema } from '../../shared/resend-codes'
import { formatCentral } from '../../shared/show-time'
import { siteConfig } from '../../shared/site-config'
import type { MailMessage } from '../adapters/mailer'
import { appWindowCounter, perClientLimit } from '../plugins/rate-limits'

export const resendMessages = {
  /** The same words whether or not the address bought anything: nobody learns who did. */
  sent: 'If that address bought codes in the last 30 days, we have sent them to it again. Check your inbox (and spam folder) in a few minutes.',
  badEmail: 'Please enter a valid email address: the one you gave at checkout.',
  tooMany: 'Too many requests to resend codes. Please wait an hour, then try again.',
} as const

export const resendLimits = {
  perClient: 10,
  perAddress: 3,
  windowMs: 60 * 60_000,
  /** Orders older than this are not mailed again (their shows are long over). */
  lookbackMs: 30 * 24 * 60 * 60_000,
} as const

/** Orders that were paid and so may have codes (or had them). */
const paidStatuses = ['paid', 'fulfilled', 'flagged', 'refunded', 'disputed'] as const

/**
 * POST /api/resend-codes { email }: mails every paid order of the address from the last 30 days
 * with its codes and where each stands. Always the same answer for a well-formed address; rate
 * limited per client and per address, so it can neither find buyers nor flood an inbox.
 */
export async function resendCodesRoutes(app: FastifyInstance): Promise<void> {
  const { db, clock, hashClient, kickMail } = app.deps
  const clientLimit = perClientLimit({
    counter: appWindowCounter(app, 'resend-codes', resendLimits.windowMs),
    max: resendLimits.perClient,
    message: resendMessages.tooMany,
    hashClient,
  })
  const perAddress = appWindowCounter(app, 'resend-codes-address', resendLimits.windowMs)

  app.post('/resend-codes', { preHandler: clientLimit }, async (request, reply) => {
    const body = ResendCodesSchema.safeParse(request.body)
    if (!body.success) return reply.status(400).send({ message: resendMessages.badEmail })
    const email = body.data.email
    const { count, resetInMs } = await perAddress.hit(hashClient(`email:${email.toLowerCase()}`))
    if (count > resendLimits.perAddress) {
      return reply
        .status(429)
        .header('retry-after', String(Math.max(1, Math.ceil(resetInMs / 1000))))
        .send({ message: resendMessages.tooMany })
    }
    if (await queueResendMail(db, email, clock.now())) kickMail?.()
    return reply.send({ message: resendMessages.sent })
  })
}

/** Queues the mail of an address's recent orders; false (and nothing queued) when it has none. */
export async function queueResendMail(db: Db, email: string, now: Date): Promise<boolean> {
  const orders = await db
    .selectFrom('orders')
    .selectAll()
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .where('created_at', '>=', new Date(now.getTime() - resendLimits.lookbackMs))
    .where('status', 'in', paidStatuses)
    .orderBy('created_at', 'desc')
    .execute()
  if (orders.length === 0) return false
  const codes = await codesOfOrders(
    db,
    orders.map((order) => order.id),
  )
  await queueMail(
    db,
    {
      // A double click (or a second tab) within the same minute queues one mail.
      dedupeKey: `resend:${email.toLowerCase()}:${Math.floor(now.getTime() / 60_000)}`,
      ...resendMail(email, orders, codes, now),
    },
    now,
  )
  return true
}

const statusNotes: Record<Order['status'], string> = {
  pending: '',
  expired: '',
  paid: 'Payment received: the codes are being made and come in their own mail.',
  fulfilled: '',
  flagged: 'The payment is being checked by the show team; we will write to you.',
  refunded: 'This order was refunded.',
  disputed: 'The payment for this order was disputed with the bank.',
}

/** Every order of the address, newest first, each code with its state. */
export function resendMail(to: string, orders: Order[], codes: Code[], now: Date): MailMessage {
  const blocks: MailBlock[] = [
    {
      paragraph: `You asked us to send your ${siteConfig.brand} codes again. Here is every purchase made with this address in the last 30 days.`,
    },
  ]
  for (const order of orders) {
    const show =
      order.show_name && order.show_starts_at
        ? ` for ${order.show_name}, ${formatCentral(order.show_starts_at)}`
        : ''
    blocks.push({ heading: `Order of ${formatCentral(order.created_at)}${show}` })
    if (statusNotes[order.status]) blocks.push({ paragraph: statusNotes[order.status] })
    const own = codes.filter((code) => code.order_id === order.id)
    if (own.length > 0) {
      blocks.push({
        codes: own.map((code) => ({
          code: formatCode(code.code),
          note: `${code.description}: ${fanCodeState(code, now)}`,
        })),
      })
    }
  }
  blocks.push({
    list: [
      `Redeem a code at the kiosk in ${siteConfig.worldName} (${siteConfig.worldApp}) during its show.`,
      'To send a gift as an anonymous fan, add a 0 at the end of the code.',
    ],
  })
  return composeMail(to, `Your ${siteConfig.brand} codes`, blocks)
}
