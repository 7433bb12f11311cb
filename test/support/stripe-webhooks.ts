// Stripe's webhooks signed with the SDK's own test helper, sent to a test app.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import Stripe from 'stripe'
import { createStripeProvider } from '../../src/server/adapters/payments/stripe-provider'
import { stripeWebhookPath } from '../../src/server/routes/stripe-webhook-routes'
import type { TestAppOptions } from './test-app'

/** The Stripe key and webhook secret test apps and the stand-in share. */
export const standInSecretKey = 'sk_test_standin'
export const standInWebhookSecret = 'whsec_standin_secret'

// The SDK's own helper signs test webhooks exactly as Stripe does.
const signer = new Stripe(standInSecretKey)

/** A webhook delivery as Stripe makes it: the payload, signed. */
export function postSignedWebhook(
  app: FastifyInstance,
  payload: string,
): Promise<LightMyRequestResponse> {
  const signature = signer.webhooks.generateTestHeaderString({
    payload,
    secret: standInWebhookSecret,
  })
  return app.inject({
    method: 'POST',
    url: stripeWebhookPath,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  })
}

/** A test app's payments through Stripe's SDK against the stand-in at `apiUrl`. */
export function stripePayments(apiUrl: string): NonNullable<TestAppOptions['payments']> {
  return (deps) =>
    createStripeProvider({
      ...deps,
      stripe: { secretKey: standInSecretKey, webhookSecret: standInWebhookSecret, apiUrl },
      maxNetworkRetries: 0,
    })
}
