import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { payLocalMembership } from '../../core/memberships/local-join'
import { findMembership } from '../../core/memberships/membership-lifecycle'
import { memberWelcomePath } from '../../shared/member-welcome'
import { paths } from '../../shared/pages'
import {
  type LocalMembershipCheckouts,
  localSubscriptionIdPattern,
} from '../adapters/payments/local-membership-checkouts'
import { renderMembershipPayPage } from './membership-pay-page'
import { renderPayNotFoundPage } from './test-checkout-page'
import { acceptFormPosts, cardOutcome, PayFormSchema, sendHtml } from './test-checkout-routes'
import { payPageTexts } from './test-checkout-texts'

const PayParamsSchema = z.object({ id: z.string().regex(localSubscriptionIdPattern) })

/** Stripe's test card that pays the first invoice and fails every renewal after it. */
export const renewalFailsCard = '4000 0000 0000 0341'

/** A membership's card: what it does now, and at each renewal when it pays now. */
export function membershipCardOutcome(typed: string) {
  const renewalFails = typed.replace(/[\s-]/g, '') === renewalFailsCard.replace(/\s/g, '')
  return renewalFails ? 'paysOnce' : cardOutcome(typed)
}

/**
 * GET and POST /pay/membership/:id: the test checkout's page for a membership (MEMBERSHIPS=open,
 * PAYMENTS=local). A paying card starts the membership and its first month and mails the member
 * code; the same address is then the member's welcome page, the site's own (src/shared/
 * member-welcome.ts), which shows the code once, as a receipt (Stripe's success page does the
 * same), and after that says it was mailed and leads to the member page: whoever holds the
 * address later (a browser's history, a shared link) learns neither the code nor the email.
 */
export async function membershipPayRoutes(
  app: FastifyInstance,
  { checkouts }: { checkouts: LocalMembershipCheckouts },
): Promise<void> {
  const { db, clock, config, kickMail } = app.deps
  acceptFormPosts(app)

  /** The subscription the address names: paid (in the database) or waiting to be paid. */
  const lookUp = async (params: unknown) => {
    const parsed = PayParamsSchema.safeParse(params)
    // A malformed id cannot be a subscription: answer without asking the database.
    if (!parsed.success) return undefined
    const subscription = parsed.data.id
    const member = await findMembership(db, { subscription })
    if (member) return { subscription, member }
    const join = checkouts.find(subscription)
    return join ? { subscription, join } : undefined
  }

  app.get('/pay/membership/:id', async (request, reply) => {
    const found = await lookUp(request.params)
    if (!found) return sendHtml(reply, 404, renderPayNotFoundPage())
    if (found.member) {
      const welcome = app.builtPages?.memberWelcome
      // No built app to render it with (API tests, a development server never built): the
      // member page, where Stripe's Checkout returns; the receipt is left, the code was mailed.
      if (!welcome) return reply.redirect(paths.membership, 303)
      const { subscription } = found
      const { tier, email, member_code: code } = found.member
      // A code rotated since the payment is the member page's to show, never this one's.
      const receipt = checkouts.takeReceipt(subscription) === code ? { code, email } : undefined
      const page = await welcome({ subscription, tier, receipt })
      return sendHtml(reply, page.status, page.html)
    }
    return sendHtml(reply, 200, renderMembershipPayPage(found.subscription, found.join.tier))
  })

  app.post('/pay/membership/:id', async (request, reply) => {
    const found = await lookUp(request.params)
    if (!found) return sendHtml(reply, 404, renderPayNotFoundPage())
    const here = memberWelcomePath(found.subscription)
    // Paid already (a double submit, the back button): nothing is charged twice.
    if (found.member) return reply.redirect(here, 303)

    const { tier } = found.join
    const form = PayFormSchema.safeParse(request.body ?? {})
    const outcome = membershipCardOutcome(form.success ? (form.data.card_number ?? '') : '')
    switch (outcome) {
      case 'pays':
      case 'paysOnce': {
        const renewal = outcome === 'pays' ? 'pays' : 'fails'
        const member = await payLocalMembership(
          db,
          { ...found.join, renewal },
          clock.now(),
          config.publicUrl,
        )
        checkouts.paid(found.subscription, member.member_code)
        kickMail?.()
        return reply.redirect(here, 303)
      }
      case 'declined':
        return sendHtml(
          reply,
          402,
          renderMembershipPayPage(found.subscription, tier, payPageTexts.declined),
        )
      case 'insufficientFunds':
        return sendHtml(
          reply,
          402,
          renderMembershipPayPage(found.subscription, tier, payPageTexts.insufficientFunds),
        )
      default:
        return sendHtml(
          reply,
          400,
          renderMembershipPayPage(found.subscription, tier, payPageTexts.unknownCard),
        )
    }
  })
}
