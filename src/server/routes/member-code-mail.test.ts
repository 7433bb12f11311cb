/**
 * The member code's mail, as both ways of paying queue it: each leads the member to the member
 * page at the site's public address (read from the outbox, as the mail worker sends it).
 */
import { describe, expect, test } from 'vitest'
import { payAt } from '#test/checkout'
import { testDatabases } from '#test/databases'
import { withStripeMembershipApp } from '#test/membership-app'
import { postSignedWebhook } from '#test/stripe-webhooks'
import { testPublicUrl, withTestApp } from '#test/test-app'
import type { Db } from '../../core/db/schema'
import { paths } from '../../shared/pages'
import { testCards } from './test-checkout-texts'

const memberPageUrl = `${testPublicUrl}${paths.membership}`

/** The text of the member code's mail queued for `email`, or undefined when none is. */
async function memberCodeMailText(db: Db, email: string): Promise<string | undefined> {
  const mail = await db
    .selectFrom('mail_outbox')
    .select('text_body')
    .where('to_address', '=', email)
    .where('dedupe_key', 'like', 'member-code:%')
    .executeTakeFirst()
  return mail?.text_body
}

describe.each(testDatabases)("the member code's mail on $name", (database) => {
  const t = withTestApp(database, { memberships: 'open', now: '2026-12-01T10:00:00Z' })

  test('joining on the test checkout mails the code with the link to the member page', async () => {
    const email = 'local.join@example.com'
    const checkout = await t.app.inject({
      method: 'POST',
      url: '/api/memberships/checkout',
      payload: { tier: 'membership-1', email },
    })
    const path = checkout.json<{ url: string }>().url.slice(testPublicUrl.length)
    const paid = await payAt(t.app, path, testCards.pays)
    expect(paid.statusCode).toBe(303)
    expect(await memberCodeMailText(t.db, email)).toContain(memberPageUrl)
  })
})

describe.each(testDatabases)("the member code's mail through Stripe on $name", (database) => {
  const t = withStripeMembershipApp(database)

  test('a subscription paid on Stripe mails the code with the link to the member page', async () => {
    const email = 'stripe.join@example.com'
    const checkout = await t.app.inject({
      method: 'POST',
      url: '/api/memberships/checkout',
      payload: { tier: 'membership-2', email },
    })
    const { url } = checkout.json<{ url: string }>()
    const session = [...t.standIn.sessions.values()].find((s) => s.url === url)
    if (!session) throw new Error('no session')
    const invoice = t.standIn.completeSubscription(session.id, t.clock.now())
    for (const payload of [
      t.standIn.eventPayload('checkout.session.completed', session.id),
      t.standIn.billing.invoicePayload('invoice.paid', invoice.id),
    ]) {
      expect((await postSignedWebhook(t.app, payload)).statusCode).toBe(200)
    }
    expect(await memberCodeMailText(t.db, email)).toContain(memberPageUrl)
  })
})
