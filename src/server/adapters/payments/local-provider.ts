import type { FastifyInstance, FastifyReply } from 'fastify'
import { z } from 'zod'
import { fulfilCheckout } from '../../../core/checkout/fulfil'
import { findOrderBySession, markOrderPaid, storeCurrency } from '../../../core/checkout/orders'
import type { PaymentProvider } from '../../../core/checkout/payment-provider'
import type { Clock } from '../../../core/clock'
import type { Db, Order } from '../../../core/db/schema'
import { randomBase62 } from '../../../core/ids'
import { maskToken } from '../../../core/redact'
import type { Config } from '../../config'
import {
  payPageTexts,
  renderPayNotFoundPage,
  renderPayPage,
  testCards,
} from '../../routes/test-checkout-page'

export interface LocalProviderDeps {
  config: Pick<Config, 'publicUrl' | 'localPaymentDelayMs'>
  db: Db
  clock: Clock
  kickMail?: (() => void) | undefined
}

const sessionIdPattern = /^cs_local_[0-9A-Za-z]{24}$/

const PayParamsSchema = z.object({ id: z.string() })
const PayFormSchema = z.object({ card_number: z.string().max(100).optional() })

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
 * The built-in test checkout (DESIGN.md, "Payments"): a plain server page stands in for the
 * provider's hosted checkout, so the whole purchase loop runs offline with nothing to sign up for.
 */
export function createLocalProvider(deps: LocalProviderDeps): PaymentProvider {
  const { config, db, clock } = deps
  const timers = new Set<NodeJS.Timeout>()

  const scheduleFulfilment = (sessionId: string, log: FastifyInstance['log']) => {
    const timer = setTimeout(() => {
      timers.delete(timer)
      fulfilCheckout(deps, sessionId).catch((error) =>
        log.error(
          { err: error, session: maskToken(sessionId) },
          'local checkout: fulfilment failed',
        ),
      )
    }, config.localPaymentDelayMs)
    // Never hold the process open for it: the poll and the start-up sweep also fulfil.
    timer.unref()
    timers.add(timer)
  }

  return {
    name: 'local',

    newSessionId: () => `cs_local_${randomBase62(24)}`,

    async createSession(_order, sessionId) {
      return { sessionId, url: `${config.publicUrl}/pay/${sessionId}` }
    },

    async isReadyToFulfil(order: Order) {
      if (order.status !== 'paid' || !order.paid_at) return false
      return clock.now().getTime() >= order.paid_at.getTime() + config.localPaymentDelayMs
    },

    // Nothing to send back: the refund is recorded (refunds.ts) as if a provider had made it.
    async refund(order) {
      return {
        paymentRef: order.payment_ref ?? order.session_id,
        refundedCents: order.paid_cents ?? order.total_cents,
      }
    },

    async registerRoutes(app) {
      await app.register(async (scope) => {
        // Form posts only here, so the JSON API never accepts urlencoded bodies.
        scope.addContentTypeParser(
          'application/x-www-form-urlencoded',
          { parseAs: 'string', bodyLimit: app.initialConfig.bodyLimit },
          (_request, body, done) => {
            done(null, Object.fromEntries(new URLSearchParams(String(body))))
          },
        )
        scope.addHook('onClose', async () => {
          for (const timer of timers) clearTimeout(timer)
          timers.clear()
        })

        scope.get('/pay/:id', async (request, reply) => {
          const order = await findPayableOrder(request.params)
          if (!order) return sendHtml(reply, 404, renderPayNotFoundPage())
          if (order.status !== 'pending') return redirectToSuccess(reply, order.session_id)
          return sendHtml(reply, 200, payPage(order))
        })

        scope.post('/pay/:id', async (request, reply) => {
          const order = await findPayableOrder(request.params)
          if (!order) return sendHtml(reply, 404, renderPayNotFoundPage())
          // Paid already (a double submit, the back button): nothing is charged twice.
          if (order.status !== 'pending') return redirectToSuccess(reply, order.session_id)

          const form = PayFormSchema.safeParse(request.body ?? {})
          const outcome = cardOutcome(form.success ? (form.data.card_number ?? '') : '')
          switch (outcome) {
            case 'pays': {
              // The test checkout takes exactly what the order asks, and names the payment by
              // its session.
              const paid = await markOrderPaid(db, order.session_id, {
                at: clock.now(),
                ref: order.session_id,
                amountCents: order.total_cents,
                currency: storeCurrency,
              })
              if (paid?.status === 'paid') scheduleFulfilment(paid.session_id, request.log)
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
      })
    },
  }

  async function findPayableOrder(params: unknown): Promise<Order | undefined> {
    const parsed = PayParamsSchema.safeParse(params)
    // A malformed id cannot be a session: answer without asking the database.
    if (!parsed.success || !sessionIdPattern.test(parsed.data.id)) return undefined
    const order = await findOrderBySession(db, parsed.data.id)
    return order?.provider === 'local' ? order : undefined
  }
}

function payPage(order: Order, error?: string): string {
  return renderPayPage({
    sessionId: order.session_id,
    lines: order.lines,
    totalCents: order.total_cents,
    error,
  })
}

function sendHtml(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(html)
}

function redirectToSuccess(reply: FastifyReply, sessionId: string): FastifyReply {
  return reply.redirect(`/success?session_id=${encodeURIComponent(sessionId)}`, 303)
}
