import { describe, expect, test } from 'vitest'
import { testDatabases } from '#test/databases'
import { withTestApp } from '#test/test-app'
import { memberCodeLength } from '../../shared/code-format'
import { findMembership, rotateMemberCode, startMembership } from './membership-lifecycle'

// The member code: one per membership, never shared, replaced on request.

let subscriptions = 0
/** The checkout of a subscription nobody else in the file uses. */
function newSubscription() {
  subscriptions++
  return {
    provider: 'stripe' as const,
    subscription: `sub_code_${subscriptions}`,
    customer: null,
    email: `coder${subscriptions}@example.com`,
    tier: 'membership-1' as const,
  }
}
const eventOf = (sub: ReturnType<typeof newSubscription>) => ({
  ...sub,
  eventId: `evt_${sub.subscription}`,
})

describe.each(testDatabases)('member codes on $name', (database) => {
  const t = withTestApp(database, { now: '2026-11-22T18:00:00Z' })
  const now = () => t.clock.now()

  test('a member code that is taken is drawn again, at checkout and on rotation', async () => {
    const first = await startMembership(t.db, eventOf(newSubscription()), now(), () => 0)
    let draws = 0
    // The first 12 symbols repeat the first member's code; the next ones differ.
    const second = await startMembership(t.db, eventOf(newSubscription()), now(), () =>
      draws++ < memberCodeLength ? 0 : 1,
    )
    expect(first.member_code).toBe('222222222222')
    expect(second.member_code).toBe('333333333333')
    let rotations = 0
    const rotated = await rotateMemberCode(t.db, second.id, now(), () =>
      rotations++ < memberCodeLength ? 0 : 2,
    )
    expect(rotated).toBe('444444444444')
  })

  test('a rotated member code replaces the old one at once', async () => {
    const started = await startMembership(t.db, eventOf(newSubscription()), now())
    const code = await rotateMemberCode(t.db, started.id, now())
    expect(code).toHaveLength(memberCodeLength)
    expect(code).not.toBe(started.member_code)
    expect(await findMembership(t.db, { code: started.member_code })).toBeUndefined()
    expect((await findMembership(t.db, { code: code ?? '' }))?.id).toBe(started.id)
    expect(await rotateMemberCode(t.db, 'mem_unknown', now())).toBeUndefined()
  })

  test('a membership is found by id, subscription, code as typed, or address', async () => {
    const sub = newSubscription()
    const started = await startMembership(t.db, eventOf(sub), now())
    const typed = `${started.member_code.slice(0, 4)}-${started.member_code.slice(4)}`.toLowerCase()
    for (const by of [
      { id: started.id },
      { subscription: sub.subscription },
      { code: typed },
      { email: sub.email.toUpperCase() },
    ]) {
      expect((await findMembership(t.db, by))?.id).toBe(started.id)
    }
    expect(await findMembership(t.db, { email: 'nobody@example.com' })).toBeUndefined()
  })
})
