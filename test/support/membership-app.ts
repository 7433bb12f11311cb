// A test app whose memberships are paid through Stripe's SDK against the stand-in.
import { afterAll, beforeAll } from 'vitest'
import type { KioskAnswer } from '../../src/core/kiosk/kiosk-answer'
import { runOperatorAction } from '../../src/core/operator/run-action'
import { addEvent } from '../../src/core/schedule/events'
import type { OperatorActionName, OperatorInput } from '../../src/shared/operator'
import type { TestDatabase } from './databases'
import { type StripeStandIn, startStripeStandIn } from './stripe-stand-in'
import { stripePayments } from './stripe-webhooks'
import { type TestContext, withTestApp } from './test-app'

/** A test app whose memberships are paid through Stripe's SDK, and the stand-in it talks to. */
export interface StripeMembershipContext extends TestContext {
  standIn: StripeStandIn
}

/**
 * Starts a Stripe stand-in and a test app with memberships open, paying through it, on
 * `database` before the enclosing block's tests (Dec 1, 2026, 10:00 UTC); closes both after.
 * Read it inside tests and hooks only, as withTestApp's.
 */
export function withStripeMembershipApp(database: TestDatabase): StripeMembershipContext {
  let standIn: StripeStandIn | undefined
  beforeAll(async () => {
    standIn = await startStripeStandIn()
  })
  afterAll(() => standIn?.close())
  const t = withTestApp(database, {
    now: '2026-12-01T10:00:00Z',
    memberships: 'open',
    payments: (deps) => stripePayments(standIn?.url ?? '')(deps),
  })
  // withTestApp fills its context in place, so the stand-in is read through it the same way.
  Object.defineProperty(t, 'standIn', { get: () => standIn })
  return t as StripeMembershipContext
}

/**
 * An operator action as the command line and the console run it (`members cancel <who>
 * [--now]`, `orders refund <id> [--force]`): its answer as JSON, or its refusal.
 */
export async function membershipCommand(
  t: TestContext,
  argv: string[],
): Promise<{ code: number; text: string }> {
  const [area, verb, who = '', ...flags] = argv
  const call = <N extends OperatorActionName>(name: N, input: OperatorInput<N>) =>
    runOperatorAction(
      { db: t.db, clock: t.clock, payments: () => t.payments },
      { who: 'operator', via: 'cli' },
      name,
      input,
    )
  try {
    const result =
      area === 'members' && verb === 'cancel'
        ? await call('members.cancel', {
            ...(who.includes('@')
              ? { email: who }
              : who.startsWith('mem_')
                ? { id: who }
                : { code: who }),
            now: flags.includes('--now'),
          })
        : await call('members.refund', { id: who, force: flags.includes('--force') })
    return { code: 0, text: JSON.stringify(result) }
  } catch (error) {
    return { code: 1, text: error instanceof Error ? error.message : String(error) }
  }
}

/**
 * A kiosk for a membership's life: `atShow` adds a show at noon UTC on `day` and types the code
 * half an hour in; `kiosk` types it now. Each attempt comes from a new address under `subnet`
 * (e.g. '10.77'), so failure counts never carry over.
 */
export function memberKiosk(t: TestContext, subnet: string) {
  let player = 0
  async function kiosk(code: string): Promise<KioskAnswer> {
    player++
    const response = await t.app.inject({
      method: 'GET',
      url: `/k/${code}`,
      remoteAddress: `${subnet}.${player >> 8}.${player & 255}`,
    })
    return response.json()
  }
  async function atShow(day: string, code: string): Promise<KioskAnswer> {
    const startsAt = new Date(`${day}T12:00:00Z`)
    await addEvent(t.db, { name: `Show of ${day}`, description: '', startsAt }, t.clock.now())
    t.clock.set(new Date(startsAt.getTime() + 30 * 60_000).toISOString())
    return kiosk(code)
  }
  return { atShow, kiosk }
}
