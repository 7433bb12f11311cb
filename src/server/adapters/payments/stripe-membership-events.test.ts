import { expect, test } from 'vitest'
import { createStandInBilling } from '#test/stripe-stand-in-billing'
import { InvoiceSchema, invoiceParts } from './stripe-membership-events'

// Stripe's invoices of a membership, as the stand-in writes them, read into the store's words.

function subscribed() {
  const billing = createStandInBilling(() => 'http://stand-in.test')
  const first = billing.startSubscription(
    {
      id: 'cs_test',
      email: 'member@example.com',
      unitAmount: 2499,
      metadata: { tier: 'membership-1' },
      subscriptionMetadata: { tier: 'membership-1' },
    },
    new Date('2027-02-01T10:00:00Z'),
  )
  return { billing, subscription: first.subscription, first }
}

function partsOf(billing: ReturnType<typeof subscribed>['billing'], invoiceId: string) {
  const event = JSON.parse(billing.invoicePayload('invoice.paid', invoiceId))
  const parts = invoiceParts(InvoiceSchema.parse(event.data.object))
  if (!parts) throw new Error('the invoice was not read')
  return parts
}

test('a period’s invoice names its tier by the amount billed', () => {
  const { billing, first } = subscribed()
  expect(partsOf(billing, first.id)).toMatchObject({
    tier: 'membership-1',
    period: { start: new Date('2027-02-01T10:00:00Z'), end: new Date('2027-03-01T10:00:00Z') },
  })
})

test('an upgrade’s invoice (proration lines only) is read from its charge at the new price, not from the tier the subscription started at', () => {
  const { billing, subscription } = subscribed()
  const upgrade = billing.switchPrice(subscription, 9999, new Date('2027-02-15T10:00:00Z'))
  const newPrice = billing.subscriptions.get(subscription)?.price.id
  const parts = partsOf(billing, upgrade.id)
  // The prorated amount says no tier, and the subscription's metadata names Tier 1: the price does.
  expect(parts).toMatchObject({
    tier: undefined,
    price: newPrice,
    period: { start: new Date('2027-02-15T10:00:00Z'), end: new Date('2027-03-01T10:00:00Z') },
  })
  expect(upgrade).toMatchObject({ billingReason: 'subscription_update', amount: 3750 })
})
