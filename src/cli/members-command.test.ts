import { describe, expect, test } from 'vitest'
import { buyCodes } from '#test/checkout'
import { type TestContext, testDatabases, withTestApp } from '#test/test-app'
import type { MemberDetail, MemberSummary } from '../shared/operator-views'
import { runAdmin } from './admin'

const now = '2026-11-22T22:30:00Z'
const periodStart = new Date('2026-11-10T00:00:00Z')

/** Runs `npm run admin -- ...` against the test app's database and clock. */
async function admin(t: TestContext, argv: string[]) {
  const out = { log: [] as string[], error: [] as string[] }
  const code = await runAdmin(argv, {
    db: t.db,
    clock: t.clock,
    out: { log: (line) => out.log.push(line), error: (line) => out.error.push(line) },
  })
  return { code, ...out, text: out.log.join('\n') }
}

/** An active membership of tier 2 in a period since Nov 10, and its gifts at these shows. */
async function addMember(
  t: TestContext,
  member: { id: string; email: string; code: string; name?: string },
  gifts: { showId: string; boosts: number; anonymous?: boolean }[] = [],
) {
  await t.db
    .insertInto('memberships')
    .values({
      id: member.id,
      email: member.email,
      member_code: member.code,
      display_name: member.name ?? null,
      tier: 'membership-2',
      status: 'active',
      provider: 'local',
      period_start: periodStart,
      period_end: new Date('2026-12-10T00:00:00Z'),
      period_allowance: 100,
      created_at: periodStart,
      updated_at: periodStart,
    })
    .execute()
  for (const gift of gifts) {
    await t.db
      .insertInto('member_redemptions')
      .values({
        membership_id: member.id,
        show_id: gift.showId,
        period_start: periodStart,
        boosts: gift.boosts,
        anonymous: gift.anonymous ?? false,
        redeemed_at: new Date(now),
      })
      .execute()
  }
}

describe.each(testDatabases)('members commands on $name', (database) => {
  const t = withTestApp(database, { now })

  test('members list and show print each member in plain text, or JSON with --json', async () => {
    const show = await t.db
      .selectFrom('events')
      .select(['id', 'name'])
      .orderBy('starts_at')
      .executeTakeFirstOrThrow()
    await addMember(t, { id: 'mem_test1', email: 'sam@example.com', code: '23456789ABCD' }, [
      { showId: show.id, boosts: 10, anonymous: true },
    ])
    await addMember(t, { id: 'mem_test2', email: 'robin@example.net', code: '23456789ABCE' })

    const list = await admin(t, ['members', 'list', '--email', 'example.com'])
    expect(list.code).toBe(0)
    expect(list.log).toEqual([
      'mem_test1  2345-6789-ABCD  active    Tier 2  sam@example.com  90 boosts left  since Mon 2026-11-09 18:00 CT',
      '1 membership.',
    ])
    const json = JSON.parse((await admin(t, ['members', 'list', '--json'])).text) as MemberSummary[]
    expect(json.map((m) => m.id).sort()).toEqual(['mem_test1', 'mem_test2'])

    const shown = await admin(t, ['members', 'show', '2345-6789-abcd'])
    expect(shown.error).toEqual([])
    expect(shown.log).toEqual([
      'Member mem_test1  active',
      '  email      sam@example.com',
      '  name       -',
      '  tier       Tier 2',
      '  code       2345-6789-ABCD',
      '  period     Mon 2026-11-09 18:00 CT to Wed 2026-12-09 18:00 CT',
      '  boosts     90 left this period',
      '  since      Mon 2026-11-09 18:00 CT',
      '  gifts',
      `    Sun 2026-11-22 16:30 CT  10 boosts (anonymous)  ${show.name} (${show.id})`,
    ])
    const byAddress = JSON.parse(
      (await admin(t, ['members', 'show', 'ROBIN@example.net', '--json'])).text,
    ) as MemberDetail
    expect(byAddress).toMatchObject({ id: 'mem_test2', boostsLeft: 100, redemptions: [] })
    expect((await admin(t, ['members', 'show', 'mem_test2'])).log[0]).toBe(
      'Member mem_test2  active',
    )
  })

  test('a member not found, an unknown option or command is one line and exit code 1', async () => {
    for (const [argv, message] of [
      [['members', 'show', 'mem_nothere'], 'There is no membership mem_nothere.'],
      [['members', 'show', 'ZZZZ-ZZZZ-ZZZZ'], 'There is no membership ZZZZZZZZZZZZ.'],
      [
        ['members', 'list', '--colour'],
        'Unknown option --colour. See: npm run admin -- members --help',
      ],
      [
        ['members', 'show', 'x', '--status', 'active'],
        'members show does not take --status. See: npm run admin -- members --help',
      ],
      [
        ['members', 'list', '--status', 'gone'],
        'Bad --status "gone": one of incomplete, active, past_due, ended.',
      ],
      [
        ['members', 'delete'],
        'Unknown command "members delete". See: npm run admin -- members --help',
      ],
      [['members', 'show'], 'members show takes one membership id, member code or address.'],
    ] as const) {
      const result = await admin(t, [...argv])
      expect(result.code).toBe(1)
      expect(result.error).toEqual([message])
    }
    const help = await admin(t, ['members', '--help'])
    expect(help.code).toBe(0)
    expect(help.text).toContain('members show <id|code|email> [--json]')
    expect((await admin(t, ['--help'])).text).toContain('members list [--email PART]')
  })

  test('shows report says what member codes gave under the table, only when they gave', async () => {
    t.clock.set('2026-11-29T22:10:00Z')
    const [code] = await buyCodes(t, [['boosts-5', 1]])
    t.clock.set(now)
    const order = await t.db
      .selectFrom('orders')
      .select('show_id')
      .where('id', '=', code?.order_id ?? '')
      .executeTakeFirstOrThrow()
    const showId = order.show_id ?? ''

    const plain = await admin(t, ['shows', 'report', '--show', showId])
    expect(plain.log.at(-1)).toMatch(/^Total\s/)
    expect(plain.text).not.toContain('Member boosts')

    await addMember(t, { id: 'mem_rep1', email: 'a@example.com', code: 'MMMMNNNNPPP2' }, [
      { showId, boosts: 10 },
    ])
    await addMember(t, { id: 'mem_rep2', email: 'b@example.com', code: 'MMMMNNNNPPP3' }, [
      { showId, boosts: 10 },
    ])
    await addMember(t, { id: 'mem_rep3', email: 'c@example.com', code: 'MMMMNNNNPPP4' }, [
      { showId, boosts: 20 },
    ])
    const report = await admin(t, ['shows', 'report', '--show', showId])
    expect(report.log.at(-2)).toMatch(/^Total\s/)
    expect(report.log.at(-1)).toBe('Member boosts: 40 from 3 members')
    const json = JSON.parse((await admin(t, ['shows', 'report', '--show', showId, '--json'])).text)
    expect(json).toMatchObject({ memberBoosts: 40, memberGifts: 3 })
  })
})
