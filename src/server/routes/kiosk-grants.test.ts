import { describe, expect, test } from 'vitest'
import { creditHelpers, creditPlayer } from '#test/credit'
import { testDatabases } from '#test/databases'
import { insertMembership } from '#test/memberships'
import { testServerSecret, withTestApp } from '#test/test-app'
import { clientHasher } from '../../core/client-hash'
import { preparedMarker } from '../../core/db/prepared'
import type { Grant } from '../../core/grants/grant'
import { redemptionId } from '../../core/ids'
import type { StageEvent } from '../../core/stage-stream/publish'

/** Sunday 22 November 2026, 16:30 CST: half an hour into the Sunday show. */
const duringShow = '2026-11-22T22:30:00Z'
const sundayShow = 'regular-20261122T2200Z'
const hash = clientHasher(testServerSecret)

describe.each(testDatabases)('a grant is one event on $name', (database) => {
  const queries: string[] = []
  const t = withTestApp(database, {
    now: duringShow,
    trustProxyHops: 1,
    onQuery: (sql) => queries.push(sql),
  })
  const { onStage, redeem, codes, run } = creditHelpers(t, duringShow)

  /** What redeeming `typed` made: the grants told, the stream's events, the app's queries. */
  async function granting(typed: string) {
    const grants: Grant[] = []
    const events: StageEvent[] = []
    const stopGrants = t.app.grants.subscribe((grant) => grants.push(grant))
    const stopEvents = t.app.stage.onEvents((sent) => events.push(...sent))
    queries.length = 0
    try {
      const answer = await redeem(typed, creditPlayer())
      // The gift and the total, sent together (with the top supporters when a name moved up).
      await expect.poll(() => events.length).toBeGreaterThanOrEqual(2)
      return { answer, grants, events, queries: [...queries] }
    } finally {
      stopGrants()
      stopEvents()
    }
  }

  /** After a grant, the stream reads the show's total and the night's goal, and nothing else. */
  const showTotal = [
    ...['redemptions', 'member_redemptions'].map(
      (table) => `select coalesce(sum("boosts"), 0) as "total" from "${table}" where "show_id" = $`,
    ),
    'select "boosts", "reward", "level", "reached_level" from "show_goals" where "show_id" = $',
  ]
  /** The queries run, a grant's hot statement by name (its text is the kiosk's own). */
  const named = (sqls: string[]) =>
    sqls.map((sql) => (sql.startsWith(preparedMarker) ? 'the grant' : sql.replace(/\$\d+/g, '$')))

  test("a show code's grant is one event, returned by its statement; the stream's gift is made from it", async () => {
    const comic = await onStage('Kim Ode')
    const setId = (await run('stage.show', {})).onStage?.id
    const [code = ''] = await codes('ffr-50')
    t.clock.set('2026-11-22T22:40:00Z')
    const { answer, grants, events, queries } = await granting(`${code}0`)

    expect(grants).toEqual([
      {
        redemption: answer.redemption,
        at: new Date('2026-11-22T22:40:00Z'),
        showId: sundayShow,
        setId,
        comic: { id: comic.id, name: 'Kim Ode' },
        boosts: 25,
        anonymous: true,
        giver: { kind: 'fan', product: 'ffr-50', name: null },
        message: null,
      },
    ])
    expect(answer.redemption).toBe(redemptionId(hash, code))
    const id = `${new Date('2026-11-22T22:40:00Z').getTime()}-${answer.redemption}`
    expect(events).toEqual([
      {
        id,
        event: 'gift',
        data: expect.objectContaining({
          showId: sundayShow,
          product: 'ffr-50',
          boosts: 25,
          anonymous: true,
          from: 'an anonymous fan',
          comic: 'Kim Ode',
          text: 'An anonymous fan gave 25 boosts to Kim Ode',
          member: false,
          vip: true,
        }),
      },
      { id, event: 'total', data: expect.objectContaining({ showId: sundayShow }) },
    ])
    // The grant's one statement, then the show's total: nothing reads the grant's row back.
    expect(named(queries)).toEqual(['the grant', ...showTotal])
  })

  test("a member code's grant is one event with the member's tier and name, by either path", async () => {
    const comic = await onStage('Lee Park')
    const setId = (await run('stage.show', {})).onStage?.id
    t.clock.set('2026-11-22T22:50:00Z')
    // Paid up: the one-statement grant (member-fast-grant.ts).
    const paid = await insertMembership(t.db, { tier: 'membership-3', display_name: 'Robin' })
    const fast = await granting(paid.member_code)
    // A renewal failed an hour ago: the perks still work, decided in full (member-redeem.ts).
    const inGrace = await insertMembership(t.db, {
      tier: 'membership-1',
      status: 'past_due',
      past_due_since: new Date('2026-11-22T21:50:00Z'),
      display_name: 'Ash',
    })
    const full = await granting(`${inGrace.member_code}0`)

    const expected = {
      at: new Date('2026-11-22T22:50:00Z'),
      showId: sundayShow,
      setId,
      comic: { id: comic.id, name: 'Lee Park' },
    }
    expect(fast.grants).toEqual([
      {
        ...expected,
        redemption: redemptionId(hash, `member:${paid.id}:${sundayShow}`),
        boosts: 20,
        anonymous: false,
        giver: { kind: 'member', tier: 'membership-3', name: 'Robin' },
        message: null,
      },
    ])
    // Anonymous: the member's name is not carried at all.
    expect(full.grants).toEqual([
      {
        ...expected,
        redemption: redemptionId(hash, `member:${inGrace.id}:${sundayShow}`),
        boosts: 5,
        anonymous: true,
        giver: { kind: 'member', tier: 'membership-1', name: null },
        message: null,
      },
    ])
    expect(fast.answer.redemption).toBe(fast.grants[0]?.redemption)
    expect(fast.events[0]?.data).toMatchObject({
      text: 'Robin gave 20 boosts to Lee Park',
      member: true,
      vip: true,
    })
    expect(full.events[0]?.data).toMatchObject({
      text: 'An anonymous member gave 5 boosts to Lee Park',
      from: 'an anonymous member',
      member: true,
      vip: false,
    })
    // Kysely logs the queries a statement embeds before it: the grant, then the show's total (the
    // named gift's top supporters are read after it).
    const fastQueries = named(fast.queries)
    const grantAt = fastQueries.indexOf('the grant')
    expect(fastQueries.slice(grantAt, grantAt + 1 + showTotal.length)).toEqual([
      'the grant',
      ...showTotal,
    ])
    expect(fast.events.map((event) => event.event)).toEqual(['gift', 'total', 'supporters'])
    expect(named(fast.queries).filter((sql) => sql === 'the grant')).toHaveLength(1)
    // The full decision's own insert returns the grant too: no read of whom it was credited to.
    expect(named(full.queries).slice(-showTotal.length)).toEqual(showTotal)
    expect(full.queries.filter((sql) => sql.includes('"comics"'))).toEqual([])
  })
})
