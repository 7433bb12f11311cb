import type { PaymentProvider } from '../../../core/checkout/payment-provider'
import type { Clock } from '../../../core/clock'
import { type Config, ConfigError } from '../../config'
import { createLocalProvider } from './local-provider'
import { createStripeProvider } from './stripe-provider'

export interface PaymentProviderDeps {
  config: Pick<Config, 'payments' | 'publicUrl' | 'localPaymentDelayMs'> &
    Partial<Pick<Config, 'stripe'>>
  clock: Clock
}

/** The provider PAYMENTS names (config.ts picks `stripe` when a Stripe key is set). */
export function createPaymentProvider(deps: PaymentProviderDeps): PaymentProvider {
  if (deps.config.payments === 'stripe') {
    const stripe = deps.config.stripe
    if (!stripe) {
      throw new ConfigError('Invalid STRIPE_SECRET_KEY: required when PAYMENTS=stripe')
    }
    // Without the webhook, codes would exist only while the buyer keeps the success page open:
    // someone who closes the tab after paying would get no codes and no mail. So refuse to start.
    if (!stripe.webhookSecret) {
      throw new ConfigError(
        'Invalid STRIPE_WEBHOOK_SECRET: required when PAYMENTS=stripe (the whsec_... secret of the webhook endpoint for /api/webhooks/stripe)',
      )
    }
    return createStripeProvider({
      ...deps,
      stripe: {
        secretKey: stripe.secretKey,
        webhookSecret: stripe.webhookSecret,
        apiUrl: stripe.apiUrl,
      },
    })
  }
  return createLocalProvider(deps)
}
