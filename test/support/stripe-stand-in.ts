// A local stand-in of Stripe's API that the official SDK talks to in tests.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  createStandInBilling,
  type StandInBilling,
  type StandInInvoice,
} from './stripe-stand-in-billing'
import { refundMaker, type StandInRefund } from './stripe-stand-in-refunds'
import {
  createSession,
  paymentIntentOf,
  type StandInSession,
  wireSession,
} from './stripe-stand-in-sessions'
import { eventJson, randomId, readBody, sendJson, stripeError } from './stripe-stand-in-wire'

export interface StandInRequest {
  method: string
  path: string
  authorization: string | undefined
  idempotencyKey: string | undefined
  form: URLSearchParams
}

export interface StripeStandIn {
  /** Base URL to give the SDK as STRIPE_API_URL. */
  url: string
  sessions: Map<string, StandInSession>
  /** Every API request received, in order. */
  requests: StandInRequest[]
  /** When set, every API call answers this HTTP status with a Stripe-style error body. */
  failWith: number | undefined
  /** The customer pays on the hosted page: the session completes and is paid. */
  markPaid(sessionId: string): StandInSession
  /** Subscriptions, invoices and the customer portal (stripe-stand-in-billing.ts). */
  billing: StandInBilling
  /** A subscription-mode session paid at `at`: its subscription starts, its first invoice paid. */
  completeSubscription(sessionId: string, at: Date): StandInInvoice
  /** A webhook event's JSON body carrying the session as Stripe would send it. */
  eventPayload(type: string, sessionId: string, overrides?: Partial<StandInSession>): string
  /** Refunds made through the API, in order. */
  refunds: StandInRefund[]
  /**
   * charge.refunded for the session's payment (or a payment intent's, `pi_...`, such as an
   * invoice's), `amountRefunded` being the running total.
   */
  chargeRefundedPayload(sessionId: string, amountRefunded: number): string
  /** charge.dispute.created for the session's payment (or a payment intent's). */
  disputePayload(sessionId: string): string
  close(): Promise<void>
}

export type { StandInLineItem, StandInSession } from './stripe-stand-in-sessions'

/**
 * A small local stand-in of Stripe's API for tests: the calls the store makes (Checkout Sessions,
 * refunds; subscriptions, invoice payments and portal sessions in stripe-stand-in-billing.ts),
 * parsed from the same form-encoded bodies the official SDK sends to the real thing, and the
 * webhook payloads Stripe would send.
 */
export async function startStripeStandIn(): Promise<StripeStandIn> {
  const sessions = new Map<string, StandInSession>()
  const byIdempotencyKey = new Map<string, StandInSession>()
  const requests: StandInRequest[] = []
  let base = ''
  const billing = createStandInBilling(() => base)

  const standIn: StripeStandIn = {
    url: '',
    sessions,
    requests,
    failWith: undefined,
    markPaid(sessionId) {
      const session = sessions.get(sessionId)
      if (!session) throw new Error(`stand-in: no session ${sessionId}`)
      session.status = 'complete'
      session.paymentStatus = 'paid'
      return session
    },
    billing,
    completeSubscription(sessionId, at) {
      const session = standIn.markPaid(sessionId)
      const first = billing.startSubscription(
        {
          id: session.id,
          email: session.customerEmail,
          unitAmount: session.lineItems[0]?.unitAmount ?? 0,
          metadata: session.metadata,
          subscriptionMetadata: session.subscriptionMetadata,
        },
        at,
      )
      session.subscription = first.subscription
      session.customer = billing.subscriptions.get(first.subscription)?.customer
      return first
    },
    eventPayload(type, sessionId, overrides = {}) {
      return eventJson(type, wireSession({ ...sessionOf(sessionId), ...overrides }))
    },
    refunds: [],
    chargeRefundedPayload(sessionId, amountRefunded) {
      const payment = paymentOf(sessionId)
      return eventJson('charge.refunded', {
        id: `ch_${payment.intent.slice(3)}`,
        object: 'charge',
        amount: payment.amount,
        amount_captured: payment.amount,
        amount_refunded: amountRefunded,
        refunded: amountRefunded >= payment.amount,
        currency: 'usd',
        payment_intent: payment.intent,
        livemode: false,
      })
    },
    disputePayload(sessionId) {
      const payment = paymentOf(sessionId)
      return eventJson('charge.dispute.created', {
        id: `dp_${randomId()}`,
        object: 'dispute',
        amount: payment.amount,
        currency: 'usd',
        charge: `ch_${payment.intent.slice(3)}`,
        payment_intent: payment.intent,
        reason: 'fraudulent',
        status: 'needs_response',
        livemode: false,
      })
    },
    close: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }

  /** A session's payment, or an invoice's payment intent named by its id. */
  function paymentOf(ref: string): { intent: string; amount: number } {
    if (ref.startsWith('pi_')) return { intent: ref, amount: amountPaidWith(ref) ?? 0 }
    const session = sessionOf(ref)
    return { intent: paymentIntentOf(session), amount: session.amountTotal }
  }

  function amountPaidWith(paymentIntent: string): number | undefined {
    const session = [...sessions.values()].find((s) => paymentIntentOf(s) === paymentIntent)
    return session ? session.amountTotal : billing.paidWith(paymentIntent)
  }

  function sessionOf(sessionId: string): StandInSession {
    const session = sessions.get(sessionId)
    if (!session) throw new Error(`stand-in: no session ${sessionId}`)
    return session
  }

  const createRefund = refundMaker(standIn.refunds, amountPaidWith)

  const server = createServer((request, response) => {
    readBody(request)
      .then((body) => handle(request, body, response))
      .catch((error) => sendJson(response, 500, stripeError(String(error))))
  })

  function handle(request: IncomingMessage, body: string, response: ServerResponse) {
    const url = new URL(request.url ?? '/', base)
    const header = (name: string) => {
      const value = request.headers[name]
      return typeof value === 'string' ? value : undefined
    }
    const form = new URLSearchParams(body)
    const recorded: StandInRequest = {
      method: request.method ?? '',
      path: url.pathname,
      authorization: header('authorization'),
      idempotencyKey: header('idempotency-key'),
      form,
    }
    requests.push(recorded)

    if (standIn.failWith !== undefined) {
      return sendJson(response, standIn.failWith, stripeError('The stand-in is down.', 'api_error'))
    }
    if (!recorded.authorization?.startsWith('Bearer sk_')) {
      return sendJson(response, 401, stripeError('Invalid API Key provided.'))
    }

    if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const repeated = recorded.idempotencyKey && byIdempotencyKey.get(recorded.idempotencyKey)
      if (repeated) return sendJson(response, 200, wireSession(repeated))
      const session = createSession(form, base)
      if (typeof session === 'string') return sendJson(response, 400, stripeError(session))
      sessions.set(session.id, session)
      if (recorded.idempotencyKey) byIdempotencyKey.set(recorded.idempotencyKey, session)
      return sendJson(response, 200, wireSession(session))
    }

    if (request.method === 'POST' && url.pathname === '/v1/refunds') {
      const { status, body } = createRefund(form, recorded.idempotencyKey)
      return sendJson(response, status, body)
    }

    const match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname)
    if (request.method === 'GET' && match?.[1]) {
      const session = sessions.get(decodeURIComponent(match[1]))
      // Stripe's own words, which name the session asked for.
      const id = decodeURIComponent(match[1])
      if (!session) return sendJson(response, 404, stripeError(`No such checkout.session: '${id}'`))
      return sendJson(response, 200, wireSession(session))
    }
    const answer = billing.handle(recorded.method, url, form)
    if (answer) return sendJson(response, answer.status, answer.body)
    return sendJson(response, 404, stripeError(`Unrecognized request URL (${url.pathname}).`))
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  base = `http://127.0.0.1:${port}`
  standIn.url = base
  return standIn
}
