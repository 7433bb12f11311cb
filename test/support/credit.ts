// The tests of a grant's credit: the host's actions, a comic on stage, codes bought and given at
// the kiosk.
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import type { Clock } from '../../src/core/clock'
import type { Db } from '../../src/core/db/schema'
import type { KioskAnswer } from '../../src/core/kiosk/kiosk-answer'
import { runOperatorAction } from '../../src/core/operator/run-action'
import type { OperatorActionName, OperatorInput } from '../../src/shared/operator'
import { buyCodes } from './checkout'
import type { TestContext } from './test-app'

let nextPlayer = 1
/** A player address no other test uses. */
export function creditPlayer(): string {
  const n = nextPlayer++
  return `10.77.${(n >> 8) & 255}.${n & 255}`
}

/**
 * What the tests of a grant's credit do (kiosk-credit*.test.ts in src/server/routes): the host's
 * actions, a comic on stage, codes bought at `at`, a fan at the kiosk, and the set each grant
 * was credited to.
 */
export function creditHelpers(t: TestContext, at: string) {
  const actor = { who: 'host@example.com', via: 'cli' } as const
  const run = <N extends OperatorActionName>(name: N, input: OperatorInput<N>) =>
    runOperatorAction({ db: t.db, clock: t.clock as Clock }, actor, name, input)
  let comicCount = 0
  return {
    run,
    /** Puts a new comic on stage at tonight's show. */
    async onStage(name = `Sam Stone ${++comicCount}`) {
      const { comic } = await run('comics.add', { name })
      await run('stage.on', { comic: comic.id })
      return comic
    },
    /** The set open now at tonight's show. */
    async openSetId(): Promise<number | undefined> {
      return (await run('stage.show', {})).onStage?.id
    },
    async redeem(typed: string, player = creditPlayer()): Promise<KioskAnswer> {
      const app: FastifyInstance = t.app
      const response = await app.inject({
        method: 'GET',
        url: `/k/${typed}`,
        headers: { 'x-forwarded-for': player },
      })
      return response.json()
    },
    async codes(product: 'ffr-25' | 'ffr-50' | 'boosts-5', count = 1) {
      t.clock.set(at)
      return (await buyCodes(t, [[product, count]])).map((c) => c.code)
    },
    creditOf: (code: string) =>
      t.db
        .selectFrom('redemptions')
        .select('set_id')
        .where('code', '=', code)
        .executeTakeFirstOrThrow()
        .then((row) => row.set_id),
    memberCreditOf: (membershipId: string) =>
      t.db
        .selectFrom('member_redemptions')
        .select('set_id')
        .where('membership_id', '=', membershipId)
        .executeTakeFirstOrThrow()
        .then((row) => row.set_id),
  }
}

/** Statements of the database waiting for a lock now (a grant waiting for a stage change). */
export async function grantsWaiting(db: Db): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    select count(*) as n from pg_stat_activity
    where datname = current_database() and wait_event_type = 'Lock'`.execute(db)
  return Number(rows[0]?.n ?? 0)
}
