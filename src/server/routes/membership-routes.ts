import type { FastifyInstance } from 'fastify'
import {
  checkoutUnavailableMessage,
  tooManyCheckoutsMessage,
} from '../../core/checkout/checkout-texts'
import { refuse } from '../../core/refusal'
import { PaymentPageSchema } from '../../shared/answers'
import { MembershipCheckoutSchema } from '../../shared/membership-checkout'
import { membershipTexts } from '../../shared/memberships'
import { isLocalProvider } from '../adapters/payments/local-provider'
import { refusing, type ZodTypeProvider } from '../plugins/route-schemas'
import { membershipManageRoutes } from './membership-manage-routes'
import { membershipPayRoutes } from './membership-pay-routes'

/** A wrong tier is named before a wrong address. */
const JoinSchema = refusing(MembershipCheckoutSchema, (error) =>
  error.issues.some((issue) => issue.path[0] === 'tier')
    ? membershipTexts.badTier
    : membershipTexts.badEmail,
)

/**
 * POST /api/memberships/checkout { tier, email }: where to pay for a membership, one at a time
 * and outside the cart (docs/decisions/017-memberships.md): the provider's page (Stripe Checkout
 * in subscription mode, or the test checkout's pay page), priced from the catalogue. Refused
 * while MEMBERSHIPS is closed.
 */
export async function membershipRoutes(app: FastifyInstance): Promise<void> {
  const { config, payments } = app.deps
  const open = config.memberships === 'open'
  const checkoutLimit = app.perClientLimit('checkouts', tooManyCheckoutsMessage)
  // Closed is said whatever the body holds.
  const refuseWhileClosed = async () => {
    if (!open) throw refuse.notFound(membershipTexts.closed)
  }

  const api = app.withTypeProvider<ZodTypeProvider>()
  api.post(
    '/api/memberships/checkout',
    {
      preValidation: [checkoutLimit, refuseWhileClosed],
      schema: { body: JoinSchema, response: { 200: PaymentPageSchema } },
    },
    async (request) => {
      // A provider that does not sell memberships (none today) says so rather than failing.
      if (!payments.createMembershipSession)
        throw refuse.unavailable(membershipTexts.stripeNotReady)
      try {
        const { url } = await payments.createMembershipSession(request.body)
        return { url }
      } catch (error) {
        // The provider is down or refused: nothing was stored, the fan may try again.
        request.log.error({ err: error }, 'membership checkout: payment provider failed')
        throw refuse.upstream(checkoutUnavailableMessage)
      }
    },
  )

  if (isLocalProvider(payments)) {
    const { membershipCheckouts: checkouts } = payments
    if (open) await app.register(membershipPayRoutes, { checkouts })
    // Members joined while open keep managing their billing after the club closes memberships.
    await app.register(membershipManageRoutes)
  }
}
