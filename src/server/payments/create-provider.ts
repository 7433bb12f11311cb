import type { Clock } from '../clock'
import type { Config } from '../config'
import type { Db } from '../db/database'
import { createLocalProvider } from './local-provider'
import type { PaymentProvider } from './provider'

export interface PaymentProviderDeps {
  config: Pick<Config, 'payments' | 'publicUrl' | 'localPaymentDelayMs'>
  db: Db
  clock: Clock
  kickMail?: (() => void) | undefined
}

/** The provider PAYMENTS names (config.ts picks `stripe` when a Stripe key is set). */
export function createPaymentProvider(deps: PaymentProviderDeps): PaymentProvider {
  if (deps.config.payments === 'stripe') {
    throw new Error(
      'PAYMENTS=stripe: Stripe Checkout is not wired in yet. Unset STRIPE_SECRET_KEY or set PAYMENTS=local to use the built-in test checkout.',
    )
  }
  return createLocalProvider(deps)
}
