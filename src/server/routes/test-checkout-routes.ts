import type { FastifyInstance, FastifyReply } from 'fastify'
import { z } from 'zod'
import { fulfilCheckout } from '../../core/checkout/fulfil'
import { recordPayment } from '../../core/checkout/order-payments'
import { findOrderBySession } from '../../core/checkout/orders'
import type { Order } from '../../core/db/schema'
import { maskToken } from '../../core/redact'
import { storeCurrency } from '../../shared/money'
import { localSessionIdPattern } from '../adapters/payments/local-provider'
import { renderPayNotFoundPage, renderPayPage } from './test-checkout-page'
import { payPageTexts, testCards } from './test-checkout-texts'

const PayParamsSchema = z.object({ id: z.string() })
export const PayFormSchema = z.object({ card_number: z.string().max(100).optional() })

type CardOutcome = 'pays' | 'declined' | 'insufficientFunds' | 'unknown'

/** What a test card does, read as people type it (spaces and dashes ignored). */
export function cardOutcome(cardNumber: string): CardOutcome {
  const digits = (typed: string) => typed.replace(/[\s-]/g, '')
  const card = digits(cardNumber)
  if (card === digits(testCards.pays)) return 'pays'
  if (card === digits(testCards.declined)) return 'declined'
  if (card === digits(testCards.insufficientFunds)) return 'insufficientFunds'
  return 'unknown'
}

/**
 * GET and POST /pay/:id: the test checkout's page (docs/product.md, "Payments"), registered
 * only when PAYMENTS=local. A paying card records the payment; the codes are made
 * LOCAL_PAYMENT_DELAY_MS later, or sooner by the success page's poll.
 */
export async function testCheckoutRoutes(app: FastifyInstance): Promise<void> {
  const { db, clock, config } = app.deps
  const timers = new Set<NodeJS.Timeout>()

  const scheduleFulfilment = (sessionId: string) => {
    const timer = setTimeout(() => {
      timers.delete(timer)
      fulfilCheckout(app.deps, sessionId).catch((error) =>
        app.log.error(
          { err: error, session: maskToken(sessionId) },
          'test checkout: fulfilment failed',
        ),
      )
    }, config.localPaymentDelayMs)
    // Never hold the process open for it: the poll and the start-up sweep also fulfil.
    timer.unref()
    timers.add(timer)
  }

  acceptFormPosts(app)
  app.addHook('onClose', async () => {
    for (const timer of timers) clearTimeout(timer)
    timers.clear()
  })

  const findPayableOrder = async (params: unknown): Promise<Order | undefined> => {
    const parsed = PayParamsSchema.safeParse(params)
    // A malformed id cannot be a session: answer without asking the database.
    if (!parsed.success || !localSessionIdPattern.test(parsed.data.id)) return undefined
    const order = await findOrderBySession(db, parsed.data.id)
    return order?.provider === 'local' ? order : undefined
  }

  app.get('/pay/:id', async (request, reply) => {
    const order = await findPayableOrder(request.params)
    if (!order) return sendHtml(reply, 404, renderPayNotFoundPage())
    if (order.status !== 'pending') return redirectToSuccess(reply, order.session_id)
    return sendHtml(reply, 200, payPage(order))
  })

  app.post('/pay/:id', async (request, reply) => {
    const order = await findPayableOrder(request.params)
    if (!order) return sendHtml(reply, 404, renderPayNotFoundPage())
    // Paid already (a double submit, the back button): nothing is charged twice.
    if (order.status !== 'pending') return redirectToSuccess(reply, order.session_id)

    const form = PayFormSchema.safeParse(request.body ?? {})
    switch (cardOutcome(form.success ? (form.data.card_number ?? '') : '')) {
      case 'pays': {
        // The test checkout takes exactly what the order asks, and names the payment by its
        // session.
        const paid = await recordPayment(db, order.session_id, {
          at: clock.now(),
          ref: order.session_id,
          amountCents: order.total_cents,
          currency: storeCurrency,
        })
        if (paid?.status === 'paid') scheduleFulfilment(paid.session_id)
        return redirectToSuccess(reply, order.session_id)
      }
      case 'declined':
        return sendHtml(reply, 402, payPage(order, payPageTexts.declined))
      case 'insufficientFunds':
        return sendHtml(reply, 402, payPage(order, payPageTexts.insufficientFunds))
      default:
        return sendHtml(reply, 400, payPage(order, payPageTexts.unknownCard))
    }
  })
}

function payPage(order: Order, error?: string): string {
  return renderPayPage({
    sessionId: order.session_id,
    lines: order.lines,
    totalCents: order.total_cents,
    error,
  })
}

/**
 * The test checkout's card forms post urlencoded bodies: parsed in its own plugins only, so the
 * JSON API never accepts them.
 */
export function acceptFormPosts(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: app.initialConfig.bodyLimit },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))))
    },
  )
}

export function sendHtml(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(html)
}

function redirectToSuccess(reply: FastifyReply, sessionId: string): FastifyReply {
  return reply.redirect(`/success?session_id=${encodeURIComponent(sessionId)}`, 303)
}
