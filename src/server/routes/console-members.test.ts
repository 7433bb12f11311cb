import { describe, expect, test } from 'vitest'
import { consoleAction, signInToConsole } from '#test/console'
import { testDatabases } from '#test/databases'
import { insertMembership } from '#test/memberships'
import { withTestApp } from '#test/test-app'

const host = 'host@example.com'
const day = 24 * 60 * 60_000

describe.each(testDatabases)("the console's members on $name", (database) => {
  const t = withTestApp(database, { now: '2026-11-22T22:30:00Z', adminEmails: [host] })

  test('a refund past 7 days is refused with the advice to force it; forced, it ends the membership', async () => {
    const paidAt = new Date(t.clock.now().getTime() - 10 * day)
    const member = await insertMembership(t.db, { period_start: paidAt })
    await t.db
      .updateTable('memberships')
      .set({ provider_subscription: `sub_local_${member.id}` })
      .where('id', '=', member.id)
      .execute()
    await t.db
      .insertInto('membership_payments')
      .values({
        id: `sub_local_${member.id}:invoice-1`,
        membership_id: member.id,
        payment_ref: `pi_local_${member.id}`,
        amount_cents: 999,
        currency: 'usd',
        period_start: paidAt,
        paid_at: paidAt,
      })
      .execute()
    const signedIn = await signInToConsole(t.app, t.db, host)

    const refused = await consoleAction(t.app, signedIn, 'members.refund', { id: member.id })
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toEqual({
      message: expect.stringMatching(
        /was made 10 days ago .*; the policy allows refunds within 7 days\.$/,
      ),
      advice: 'force',
    })
    const forced = await consoleAction(t.app, signedIn, 'members.refund', {
      id: member.id,
      force: true,
    })
    expect(forced.statusCode).toBe(200)
    expect(forced.json()).toMatchObject({
      member: { id: member.id, status: 'ended', endReason: 'refunded' },
      refundedCents: 999,
    })
    // A refusal no option overrides carries no advice.
    const again = await consoleAction(t.app, signedIn, 'members.refund', {
      id: member.id,
      force: true,
    })
    expect(again.statusCode).toBe(400)
    expect(Object.keys(again.json())).toEqual(['message'])
    const gone = await consoleAction(t.app, signedIn, 'members.cancel', { id: 'mem_none' })
    expect(gone.statusCode).toBe(404)
    expect(gone.json()).toEqual({ message: 'There is no membership mem_none.' })
  })
})
