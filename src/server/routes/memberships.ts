import type { FastifyInstance } from 'fastify'
import {
  checkoutUnavailableMessage,
  tooManyCheckoutsMessage,
} from '../../core/checkout/checkout-texts'
import { MembershipCheckoutSchema } from '../../shared/membership-checkout'
import { membershipTexts } from '../../shared/memberships'
import { isLocalProvider } from '../adapters/payments/local-provider'
import { membershipManageRoutes } from './membership-manage'
import { membershipPayRoutes } from './membership-pay'

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

  app.post('/api/memberships/checkout', { preHandler: checkoutLimit }, async (request, reply) => {
    if (!open) return reply.status(404).send({ message: membershipTexts.closed })
    const body = MembershipCheckoutSchema.safeParse(request.body)
    if (!body.success) {
      const tierWrong = body.error.issues.some((issue) => issue.path[0] === 'tier')
      return reply
        .status(400)
        .send({ message: tierWrong ? membershipTexts.badTier : membershipTexts.badEmail })
    }
    // A provider that does not sell memberships (none today) says so rather than failing.
    if (!payments.createMembershipSession) {
      return reply.status(503).send({ message: membershipTexts.stripeNotReady })
    }
    try {
      const { url } = await payments.createMembershipSession(body.data)
      return { url }
    } catch (error) {
      // The provider is down or refused: nothing was stored, the fan may try again.
      request.log.error({ err: error }, 'membership checkout: payment provider failed')
      return reply.status(502).send({ message: checkoutUnavailableMessage })
    }
  })

  if (isLocalProvider(payments)) {
    const { membershipCheckouts: checkouts } = payments
    if (open) await app.register(membershipPayRoutes, { checkouts })
    // Members joined while open keep managing their billing after the club closes memberships.
    await app.register(membershipManageRoutes)
  }
}
