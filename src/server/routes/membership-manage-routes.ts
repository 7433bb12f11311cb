import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { Membership } from '../../core/db/membership-tables'
import { cancelMembership } from '../../core/memberships/billing'
import { changeLocalCard, switchLocalTier } from '../../core/memberships/local-billing'
import { findMembership } from '../../core/memberships/membership-lifecycle'
import { Refusal } from '../../core/refusal'
import { tierIds } from '../../shared/memberships'
import { localSubscriptionIdPattern } from '../adapters/payments/local-membership-checkouts'
import { localManagePath } from '../adapters/payments/local-provider'
import type { SignedInMember } from '../sign-in/member-door'
import {
  type ManageResult,
  renderManageBarredPage,
  renderManagePage,
  resultText,
} from './membership-manage-page'
import { membershipCardOutcome } from './membership-pay-routes'
import { renderPayNotFoundPage } from './test-checkout-page'
import { acceptFormPosts, PayFormSchema, sendHtml } from './test-checkout-routes'
import { manageTexts, payPageTexts } from './test-checkout-texts'

const ParamsSchema = z.object({ id: z.string().regex(localSubscriptionIdPattern) })
const DoneSchema = z.object({ done: z.enum(Object.keys(manageTexts.done) as [ManageResult]) })
const TierFormSchema = z.object({ tier: z.enum(tierIds) })
const CancelFormSchema = z.object({ action: z.enum(['cancel', 'resume']) })

/** A session of the address the membership was bought with: its member (docs/memberships.md). */
function isTheirs(member: SignedInMember, membership: Membership): boolean {
  return member.email.toLowerCase() === membership.email.toLowerCase()
}

/**
 * GET /pay/membership/:id/manage and its three forms: the test checkout's "Manage billing"
 * (PAYMENTS=local), where Stripe has its customer portal. Only the membership's member, signed
 * in to the member page, manages it (the subscription id in the address is no key): each form
 * posts the session's CSRF token. Each action redirects back with what it did.
 */
export async function membershipManageRoutes(app: FastifyInstance): Promise<void> {
  const { db, clock, payments } = app.deps
  acceptFormPosts(app)
  // Under the site's no-referrer a browser posts these forms with `Origin: null`, which the
  // member guard refuses as another site's; same-origin names this site to itself alone.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('referrer-policy', 'same-origin')
  })

  /** The member guard, its refusals answered as this page's own: the way to sign in, or 403. */
  const memberOnly = (changes: boolean) => {
    const guard = app.memberGuard(changes ? { changes, formToken: true } : {})
    return async (request: FastifyRequest, reply: FastifyReply) => {
      try {
        await guard(request, reply)
      } catch (error) {
        if (!(error instanceof Refusal)) throw error
        if (error.kind === 'unauthorized') {
          return sendHtml(reply, 401, renderManageBarredPage('signIn'))
        }
        if (error.kind === 'forbidden') {
          return sendHtml(reply, 403, renderManageBarredPage('refused'))
        }
        throw error
      }
    }
  }
  const page = { preHandler: memberOnly(false) }
  const change = { preHandler: memberOnly(true) }

  /** The membership the address names and the member it is theirs, or its page answered. */
  const lookUp = async (request: FastifyRequest, reply: FastifyReply) => {
    const parsed = ParamsSchema.safeParse(request.params)
    const membership = parsed.success
      ? await findMembership(db, { subscription: parsed.data.id })
      : undefined
    const member = request.member
    if (!membership || !member) {
      sendHtml(reply, 404, renderPayNotFoundPage())
      return undefined
    }
    if (!isTheirs(member, membership)) {
      sendHtml(reply, 403, renderManageBarredPage('otherMember'))
      return undefined
    }
    return { membership, csrfToken: member.csrfToken }
  }
  const done = (reply: FastifyReply, m: Membership, result: ManageResult) =>
    reply.redirect(`${localManagePath(m.provider_subscription ?? m.id)}?done=${result}`, 303)

  app.get('/pay/membership/:id/manage', page, async (request, reply) => {
    const found = await lookUp(request, reply)
    if (!found) return reply
    const result = DoneSchema.safeParse(request.query)
    const message = result.success
      ? { text: resultText(result.data.done, found.membership) }
      : undefined
    return sendHtml(reply, 200, renderManagePage(found.membership, found.csrfToken, message))
  })

  app.post('/pay/membership/:id/manage/card', change, async (request, reply) => {
    const found = await lookUp(request, reply)
    if (!found) return reply
    const { membership, csrfToken } = found
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
    return sendHtml(reply, status, renderManagePage(membership, csrfToken, { text, error: true }))
  })

  app.post('/pay/membership/:id/manage/tier', change, async (request, reply) => {
    const found = await lookUp(request, reply)
    if (!found) return reply
    const { membership, csrfToken } = found
    const form = TierFormSchema.safeParse(request.body ?? {})
    if (!form.success) return done(reply, membership, 'tier-same')
    const switched = await switchLocalTier(db, membership, form.data.tier, clock.now())
    if (switched.result === 'declined') {
      const text = manageTexts.tierDeclined(membership)
      return sendHtml(reply, 402, renderManagePage(membership, csrfToken, { text, error: true }))
    }
    return done(reply, switched.membership, `tier-${switched.result}`)
  })

  app.post('/pay/membership/:id/manage/cancel', change, async (request, reply) => {
    const found = await lookUp(request, reply)
    if (!found) return reply
    const { membership, csrfToken } = found
    const form = CancelFormSchema.safeParse(request.body ?? {})
    if (!form.success || membership.status === 'ended' || !payments.cancelMembership) {
      return sendHtml(reply, 200, renderManagePage(membership, csrfToken))
    }
    const when = form.data.action === 'cancel' ? 'period_end' : 'undo'
    const billing = { cancelMembership: payments.cancelMembership }
    const after = await cancelMembership({ db, billing, now: clock.now() }, membership, when)
    return done(reply, after, when === 'undo' ? 'resumed' : 'cancelled')
  })
}
