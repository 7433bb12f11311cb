// Refunds in the local stand-in of Stripe's API.
import { randomId, stripeError, wireRefund } from './stripe-stand-in-wire'

export interface StandInRefund {
  id: string
  paymentIntent: string
  amount: number
  reason: string | undefined
  idempotencyKey: string | undefined
}

/**
 * POST /v1/refunds on a payment intent (a session's or an invoice's): the rest of the payment,
 * never more than was paid; an idempotency key seen before answers the same refund.
 */
export function refundMaker(
  refunds: StandInRefund[],
  amountPaidWith: (paymentIntent: string) => number | undefined,
) {
  const refundByKey = new Map<string, StandInRefund>()
  return function createRefund(form: URLSearchParams, idempotencyKey: string | undefined) {
    const repeated = idempotencyKey && refundByKey.get(idempotencyKey)
    if (repeated) return { status: 200, body: wireRefund(repeated) }
    const paymentIntent = form.get('payment_intent') ?? ''
    const paid = amountPaidWith(paymentIntent)
    if (paid === undefined) {
      return { status: 404, body: stripeError(`No such payment_intent: '${paymentIntent}'`) }
    }
    const already = refunds
      .filter((r) => r.paymentIntent === paymentIntent)
      .reduce((sum, r) => sum + r.amount, 0)
    const remaining = paid - already
    const amount = form.has('amount') ? Number(form.get('amount')) : remaining
    if (remaining <= 0) {
      return {
        status: 400,
        body: stripeError(
          `Charge ch_${paymentIntent.slice(3)} has already been refunded.`,
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
    refunds.push(refund)
    if (idempotencyKey) refundByKey.set(idempotencyKey, refund)
    return { status: 200, body: wireRefund(refund) }
  }
}
