import type { FastifyInstance, FastifyReply } from 'fastify'
import { z } from 'zod'
import type { Membership } from '../../core/db/membership-tables'
import { cancelMembership } from '../../core/memberships/billing'
import { changeLocalCard, switchLocalTier } from '../../core/memberships/local-billing'
import { findMembership } from '../../core/memberships/memberships'
import { tierIds } from '../../shared/memberships'
import { localSubscriptionIdPattern } from '../adapters/payments/local-membership-checkouts'
import { localManagePath } from '../adapters/payments/local-provider'
import { type ManageResult, renderManagePage, resultText } from './membership-manage-page'
import { membershipCardOutcome } from './membership-pay'
import { acceptFormPosts, PayFormSchema, sendHtml } from './test-checkout'
import { renderPayNotFoundPage } from './test-checkout-page'
import { manageTexts, payPageTexts } from './test-checkout-texts'

const ParamsSchema = z.object({ id: z.string().regex(localSubscriptionIdPattern) })
const DoneSchema = z.object({ done: z.enum(Object.keys(manageTexts.done) as [ManageResult]) })
const TierFormSchema = z.object({ tier: z.enum(tierIds) })
const CancelFormSchema = z.object({ action: z.enum(['cancel', 'resume']) })

/**
 * GET /pay/membership/:id/manage and its three forms: the test checkout's "Manage billing"
 * (PAYMENTS=local), where Stripe has its customer portal. The subscription id in the address is
 * the key, as on the membership's pay page. Each action redirects back with what it did.
 */
export async function membershipManageRoutes(app: FastifyInstance): Promise<void> {
  const { db, clock, payments } = app.deps
  acceptFormPosts(app)

  const lookUp = async (params: unknown): Promise<Membership | undefined> => {
    const parsed = ParamsSchema.safeParse(params)
    if (!parsed.success) return undefined
    return findMembership(db, { subscription: parsed.data.id })
  }
  const done = (reply: FastifyReply, m: Membership, result: ManageResult) =>
    reply.redirect(`${localManagePath(m.provider_subscription ?? m.id)}?done=${result}`, 303)
  const notFound = (reply: FastifyReply) => sendHtml(reply, 404, renderPayNotFoundPage())

  app.get('/pay/membership/:id/manage', async (request, reply) => {
    const membership = await lookUp(request.params)
    if (!membership) return notFound(reply)
    const result = DoneSchema.safeParse(request.query)
    const message = result.success ? { text: resultText(result.data.done, membership) } : undefined
    return sendHtml(reply, 200, renderManagePage(membership, message))
  })

  app.post('/pay/membership/:id/manage/card', async (request, reply) => {
    const membership = await lookUp(request.params)
    if (!membership) return notFound(reply)
    if (membership.status === 'ended') return done(reply, membership, 'card')
    const form = PayFormSchema.safeParse(request.body ?? {})
    const outcome = membershipCardOutcome(form.success ? (form.data.card_number ?? '') : '')
    if (outcome === 'pays' || outcome === 'paysOnce') {
      const wasDue = membership.status === 'past_due'
      const after = await changeLocalCard(
        db,
        membership,
        outcome === 'pays' ? 'pays' : 'fails',
        clock.now(),
      )
      return done(reply, after, wasDue && after.status === 'active' ? 'card-paid' : 'card')
    }
    const text =
      outcome === 'declined'
        ? payPageTexts.declined
        : outcome === 'insufficientFunds'
          ? payPageTexts.insufficientFunds
          : payPageTexts.unknownCard
    const status = outcome === 'unknown' ? 400 : 402
    return sendHtml(reply, status, renderManagePage(membership, { text, error: true }))
  })

  app.post('/pay/membership/:id/manage/tier', async (request, reply) => {
    const membership = await lookUp(request.params)
    if (!membership) return notFound(reply)
    const form = TierFormSchema.safeParse(request.body ?? {})
    if (!form.success) return done(reply, membership, 'tier-same')
    const switched = await switchLocalTier(db, membership, form.data.tier, clock.now())
    if (switched.result === 'declined') {
      const text = manageTexts.tierDeclined(membership)
      return sendHtml(reply, 402, renderManagePage(membership, { text, error: true }))
    }
    return done(reply, switched.membership, `tier-${switched.result}`)
  })

  app.post('/pay/membership/:id/manage/cancel', async (request, reply) => {
    const membership = await lookUp(request.params)
    if (!membership) return notFound(reply)
    const form = CancelFormSchema.safeParse(request.body ?? {})
    if (!form.success || membership.status === 'ended' || !payments.cancelMembership) {
      return sendHtml(reply, 200, renderManagePage(membership))
    }
    const when = form.data.action === 'cancel' ? 'period_end' : 'undo'
    const billing = { cancelMembership: payments.cancelMembership }
    const after = await cancelMembership({ db, billing, now: clock.now() }, membership, when)
    return done(reply, after, when === 'undo' ? 'resumed' : 'cancelled')
  })
}
