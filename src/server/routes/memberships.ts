import type { FastifyInstance } from 'fastify'
import { MembershipCheckoutSchema } from '../../shared/membership-checkout'
import { membershipTexts } from '../../shared/memberships'
import { createLocalMembershipCheckouts } from '../adapters/payments/local-membership-checkouts'
import { tooManyCheckoutsMessage } from './checkout'
import { membershipPayRoutes } from './membership-pay'

/**
 * POST /api/memberships/checkout { tier, email }: where to pay for a membership, one at a time
 * and outside the cart (docs/decisions/017-memberships.md). Refused while MEMBERSHIPS is closed;
 * the test checkout sells them on its own pay page, Stripe not yet.
 */
export async function membershipRoutes(app: FastifyInstance): Promise<void> {
  const { config, payments, clock } = app.deps
  const open = config.memberships === 'open'
  const local = payments.name === 'local'
  const checkouts = createLocalMembershipCheckouts(clock)
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
    if (!local) return reply.status(503).send({ message: membershipTexts.stripeNotReady })
    const subscription = checkouts.open(body.data)
    return { url: `${config.publicUrl}/pay/membership/${subscription}` }
  })

  if (open && local) await app.register(membershipPayRoutes, { checkouts })
}
