import { describe, expect, test } from 'vitest'
import { creditHelpers, grantsWaiting } from '#test/credit'
import { insertMembership } from '#test/memberships'
import { testDatabases, withTestApp } from '#test/test-app'
import { lockShow, stageNext, stageShow } from '../../core/comics/sets'
import { inTransaction } from '../../core/db/transaction'
import type { KioskAnswer } from '../../core/kiosk/kiosk-answer'

/** Sunday 22 November 2026, 16:30 CST: half an hour into the Sunday show. */
const duringShow = '2026-11-22T22:30:00Z'

describe.each(testDatabases)('grants racing a stage change on $name', (database) => {
  const t = withTestApp(database, { now: duringShow, trustProxyHops: 1 })
  const { run, onStage, openSetId, redeem, codes, creditOf, memberCreditOf } = creditHelpers(
    t,
    duringShow,
  )

  test('50 grants racing a "next": each credited once, to the comic on stage when it committed', async () => {
    const first = await onStage('Ada First')
    const { comic: second } = await run('comics.add', { name: 'Bo Second' })
    await run('lineup.set', {
      places: [
        { comic: first.id, role: 'host' },
        { comic: second.id, role: 'headliner' },
      ],
    })
    const firstSet = await openSetId()
    const shows = await codes('boosts-5', 40)
    const members = await Promise.all(
      Array.from({ length: 10 }, () => insertMembership(t.db, { tier: 'membership-1' })),
    )
    // A member code after every four show codes, so both kinds race the change.
    const order = shows.flatMap((code, i) => {
      const member = i % 4 === 3 ? members[(i - 3) / 4]?.member_code : undefined
      return [{ code }, ...(member ? [{ code: member }] : [])]
    })
    const [early, racing, late] = [order.slice(0, 5), order.slice(5, 45), order.slice(45)]

    // Before the change, one at a time: the first comic's.
    for (const { code } of early) expect((await redeem(code)).comic).toBe('Ada First')

    // The "next", as the stage takes it, recording which grants had committed when it held the
    // show's stage lock: exactly those are the first comic's.
    const now = t.clock.now()
    let next: Promise<Set<string>> | undefined
    // Grants that answered while the "next" held the lock: only a grant that ignores it can.
    let answeredWhileHeld = 0
    let held = false
    const answers: Promise<KioskAnswer>[] = []
    for (const [i, { code }] of racing.entries()) {
      if (i === 15) {
        next = inTransaction(t.db, async (trx) => {
          const show = await stageShow(trx, now)
          await lockShow(trx, show.id, 'update')
          const committed = await Promise.all([
            trx.selectFrom('redemptions').select('code').where('show_id', '=', show.id).execute(),
            trx
              .selectFrom('member_redemptions as r')
              .innerJoin('memberships as m', 'm.id', 'r.membership_id')
              .select('m.member_code as code')
              .where('r.show_id', '=', show.id)
              .execute(),
          ])
          held = true
          // On PostgreSQL, hold on until a grant waits for the lock (or, were it ignored, one
          // answered): the race is then sure to cross the change, however fast the machine.
          for (let wait = 0; database.name !== 'PGlite' && wait < 200; wait++) {
            if (answeredWhileHeld > 0 || (await grantsWaiting(trx)) > 0) break
            await new Promise((resolve) => setTimeout(resolve, 10))
          }
          await stageNext(trx, show, now)
          held = false
          return new Set(committed.flat().map((row) => row.code))
        })
      }
      answers.push(
        redeem(code).then((answer) => {
          if (held) answeredWhileHeld++
          return answer
        }),
      )
      // Let some of them start before the next is sent.
      await new Promise((resolve) => setImmediate(resolve))
    }
    const before = await next
    const racedAnswers = await Promise.all(answers)

    // After the change, one at a time: the second comic's.
    for (const { code } of late) expect((await redeem(code)).comic).toBe('Bo Second')

    const secondSet = await openSetId()
    expect(secondSet).not.toBe(firstSet)
    const credit = new Map<string, number | null>()
    for (const code of shows) credit.set(code, await creditOf(code))
    for (const m of members) credit.set(m.member_code, await memberCreditOf(m.id))
    expect([...credit.values()].every((set) => set === firstSet || set === secondSet)).toBe(true)
    for (const [i, { code }] of racing.entries()) {
      const committedBefore = before?.has(code) ?? false
      expect(credit.get(code), code).toBe(committedBefore ? firstSet : secondSet)
      expect(racedAnswers[i]?.status, code).toBe('redeemed')
      expect(racedAnswers[i]?.comic, code).toBe(committedBefore ? 'Ada First' : 'Bo Second')
    }
    for (const { code } of early) expect(credit.get(code)).toBe(firstSet)
    for (const { code } of late) expect(credit.get(code)).toBe(secondSet)
    // Each grant once: one record per code and per membership, and the boosts counted once.
    const counted = await t.db
      .selectFrom('redemptions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('code', 'in', shows)
      .executeTakeFirstOrThrow()
    expect(Number(counted.n)).toBe(shows.length)
  })
})
