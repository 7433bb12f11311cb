import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** One line item as the stand-in understood it from the SDK's form-encoded request. */
export interface StandInLineItem {
  name: string
  currency: string
  unitAmount: number
  quantity: number
  productMetadata: Record<string, string>
}

/** A Checkout Session as the stand-in keeps it. `toJSON` gives Stripe's wire shape. */
export interface StandInSession {
  id: string
  mode: string
  status: 'open' | 'complete' | 'expired'
  paymentStatus: 'unpaid' | 'paid' | 'no_payment_required'
  metadata: Record<string, string>
  clientReferenceId: string | undefined
  customerEmail: string | undefined
  successUrl: string
  cancelUrl: string
  lineItems: StandInLineItem[]
  amountTotal: number
  currency: string
  url: string
}

export interface StandInRefund {
  id: string
  paymentIntent: string
  amount: number
  reason: string | undefined
  idempotencyKey: string | undefined
}

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
  /** A webhook event's JSON body carrying the session as Stripe would send it. */
  eventPayload(type: string, sessionId: string, overrides?: Partial<StandInSession>): string
  /** Refunds made through the API, in order. */
  refunds: StandInRefund[]
  /** charge.refunded for the session's payment, `amountRefunded` being the running total. */
  chargeRefundedPayload(sessionId: string, amountRefunded: number): string
  /** charge.dispute.created for the session's payment. */
  disputePayload(sessionId: string): string
  close(): Promise<void>
}

/**
 * A small local stand-in of Stripe's API for tests: just the two Checkout Session calls the store
 * makes, parsed from the same form-encoded bodies the official SDK sends to the real thing.
 */
export async function startStripeStandIn(): Promise<StripeStandIn> {
  const sessions = new Map<string, StandInSession>()
  const byIdempotencyKey = new Map<string, StandInSession>()
  const requests: StandInRequest[] = []
  let base = ''

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
    eventPayload(type, sessionId, overrides = {}) {
      return eventJson(type, wireSession({ ...sessionOf(sessionId), ...overrides }))
    },
    refunds: [],
    chargeRefundedPayload(sessionId, amountRefunded) {
      const session = sessionOf(sessionId)
      return eventJson('charge.refunded', {
        id: `ch_${session.id.slice(8)}`,
        object: 'charge',
        amount: session.amountTotal,
        amount_captured: session.amountTotal,
        amount_refunded: amountRefunded,
        refunded: amountRefunded >= session.amountTotal,
        currency: session.currency,
        payment_intent: paymentIntentOf(session),
        livemode: false,
      })
    },
    disputePayload(sessionId) {
      const session = sessionOf(sessionId)
      return eventJson('charge.dispute.created', {
        id: `dp_${randomId()}`,
        object: 'dispute',
        amount: session.amountTotal,
        currency: session.currency,
        charge: `ch_${session.id.slice(8)}`,
        payment_intent: paymentIntentOf(session),
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

  function sessionOf(sessionId: string): StandInSession {
    const session = sessions.get(sessionId)
    if (!session) throw new Error(`stand-in: no session ${sessionId}`)
    return session
  }

  const refundByKey = new Map<string, StandInRefund>()

  /** POST /v1/refunds on a payment intent: the rest of the payment, never more than was paid. */
  function createRefund(form: URLSearchParams, idempotencyKey: string | undefined) {
    const repeated = idempotencyKey && refundByKey.get(idempotencyKey)
    if (repeated) return { status: 200, body: wireRefund(repeated) }
    const paymentIntent = form.get('payment_intent') ?? ''
    const session = [...sessions.values()].find((s) => paymentIntentOf(s) === paymentIntent)
    if (!session) {
      return { status: 404, body: stripeError(`No such payment_intent: '${paymentIntent}'`) }
    }
    const already = standIn.refunds
      .filter((r) => r.paymentIntent === paymentIntent)
      .reduce((sum, r) => sum + r.amount, 0)
    const remaining = session.amountTotal - already
    const amount = form.has('amount') ? Number(form.get('amount')) : remaining
    if (remaining <= 0) {
      return {
        status: 400,
        body: stripeError(
          `Charge ch_${session.id.slice(8)} has already been refunded.`,
          'invalid_request_error',
          'charge_already_refunded',
        ),
      }
    }
    if (!(amount > 0 && amount <= remaining)) {
      return {
        status: 400,
        body: stripeError(
          `Refund amount (${amount}) is greater than unrefunded amount on charge (${remaining})`,
        ),
      }
    }
    const refund: StandInRefund = {
      id: `re_${randomId()}`,
      paymentIntent,
      amount,
      reason: form.get('reason') ?? undefined,
      idempotencyKey,
    }
    standIn.refunds.push(refund)
    if (idempotencyKey) refundByKey.set(idempotencyKey, refund)
    return { status: 200, body: wireRefund(refund) }
  }

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
      const session = createSession(form)
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
    return sendJson(response, 404, stripeError(`Unrecognized request URL (${url.pathname}).`))
  }

  function createSession(form: URLSearchParams): StandInSession | string {
    const lineItems: StandInLineItem[] = []
    for (let i = 0; form.has(`line_items[${i}][quantity]`); i++) {
      const field = (name: string) => form.get(`line_items[${i}]${name}`) ?? ''
      const productMetadata: Record<string, string> = {}
      for (const [key, value] of form) {
        const meta = new RegExp(
          `^line_items\\[${i}\\]\\[price_data\\]\\[product_data\\]\\[metadata\\]\\[(.+)\\]$`,
        ).exec(key)
        if (meta?.[1]) productMetadata[meta[1]] = value
      }
      lineItems.push({
        name: field('[price_data][product_data][name]'),
        currency: field('[price_data][currency]'),
        unitAmount: Number(field('[price_data][unit_amount]')),
        quantity: Number(field('[quantity]')),
        productMetadata,
      })
    }
    const successUrl = form.get('success_url')
    const cancelUrl = form.get('cancel_url')
    if (lineItems.length === 0) return 'Missing required param: line_items.'
    if (!successUrl || !cancelUrl) return 'Missing required param: success_url or cancel_url.'
    const metadata: Record<string, string> = {}
    for (const [key, value] of form) {
      const meta = /^metadata\[(.+)\]$/.exec(key)
      if (meta?.[1]) metadata[meta[1]] = value
    }
    const id = `cs_test_${randomId()}`
    return {
      id,
      mode: form.get('mode') ?? '',
      status: 'open',
      paymentStatus: 'unpaid',
      metadata,
      clientReferenceId: form.get('client_reference_id') ?? undefined,
      customerEmail: form.get('customer_email') ?? undefined,
      successUrl,
      cancelUrl,
      lineItems,
      amountTotal: lineItems.reduce((sum, line) => sum + line.unitAmount * line.quantity, 0),
      currency: lineItems[0]?.currency ?? 'usd',
      url: `${base}/c/pay/${id}`,
    }
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  base = `http://127.0.0.1:${port}`
  standIn.url = base
  return standIn
}

/** Stripe's JSON for a Checkout Session (the fields the store reads, and a few it must ignore). */
function wireSession(session: StandInSession): Record<string, unknown> {
  return {
    id: session.id,
    object: 'checkout.session',
    mode: session.mode,
    status: session.status,
    payment_status: session.paymentStatus,
    metadata: session.metadata,
    client_reference_id: session.clientReferenceId ?? null,
    customer_email: session.customerEmail ?? null,
    customer_details: session.customerEmail ? { email: session.customerEmail } : null,
    success_url: session.successUrl,
    cancel_url: session.cancelUrl,
    amount_total: session.amountTotal,
    currency: session.currency,
    payment_intent: session.paymentStatus === 'paid' ? paymentIntentOf(session) : null,
    url: session.status === 'open' ? session.url : null,
    livemode: false,
  }
}

/** The payment intent Stripe made for a session (its id follows the session's, for tests). */
function paymentIntentOf(session: StandInSession): string {
  return `pi_${session.id.slice(8)}`
}

function wireRefund(refund: StandInRefund): Record<string, unknown> {
  return {
    id: refund.id,
    object: 'refund',
    amount: refund.amount,
    currency: 'usd',
    payment_intent: refund.paymentIntent,
    reason: refund.reason ?? null,
    status: 'succeeded',
  }
}

function eventJson(type: string, object: Record<string, unknown>): string {
  return JSON.stringify({
    id: `evt_${randomId()}`,
    object: 'event',
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    type,
    data: { object },
  })
}

function stripeError(message: string, type = 'invalid_request_error', code?: string) {
  return { error: { type, message, ...(code ? { code } : {}) } }
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' })
  response.end(JSON.stringify(body))
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    request.on('error', reject)
  })
}

function randomId(): string {
  return randomBytes(12).toString('hex')
}
