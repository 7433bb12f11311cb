import { describe, expect, test } from 'vitest'
import { runAdminCommand as admin } from '#test/admin'
import { buyCodes } from '#test/checkout'
import { testDatabases } from '#test/databases'
import { insertMemberGrant, insertMembership, testPeriod } from '#test/memberships'
import { type TestContext, withTestApp } from '#test/test-app'
import type { MemberDetail, MemberSummary } from '../shared/operator-views'

const now = '2026-11-22T22:30:00Z'
const periodStart = testPeriod.start

/** `npm run admin -- ...` with the payment provider, every line it printed (log or error) in `lines`. */
function adminWithPayments(t: TestContext, lines: string[]) {
  return async (argv: string[]) => {
    const run = await admin(t, argv, { withPayments: true })
    lines.push(...run.lines)
    return run.code
  }
}

/** An active membership of tier 2 in a period since Nov 10, and its gifts at these shows. */
async function addMember(
  t: TestContext,
  member: { id: string; email: string; code: string; name?: string },
  gifts: { showId: string; boosts: number; anonymous?: boolean }[] = [],
) {
  await insertMembership(t.db, {
    id: member.id,
    email: member.email,
    member_code: member.code,
    display_name: member.name ?? null,
  })
  for (const gift of gifts) {
    await insertMemberGrant(t.db, {
      membershipId: member.id,
      showId: gift.showId,
      periodStart,
      boosts: gift.boosts,
      anonymous: gift.anonymous ?? false,
      at: new Date(now),
    })
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

  test('members cancel: at the period end by default, at once with --now; without a provider it says so', async () => {
    await addMember(t, { id: 'mem_cancel1', email: 'cancel.one@example.com', code: 'CCCCDDDDEEE2' })
    await addMember(t, { id: 'mem_cancel2', email: 'cancel.two@example.com', code: 'CCCCDDDDEEE3' })
    // Every provider event names the subscription: as the test checkout's pay page leaves them.
    for (const id of ['mem_cancel1', 'mem_cancel2']) {
      await t.db
        .updateTable('memberships')
        .set({ provider_subscription: `sub_local_${id}` })
        .where('id', '=', id)
        .execute()
    }
    const lines: string[] = []
    const run = adminWithPayments(t, lines)
    expect(await run(['members', 'cancel', 'CCCC-DDDD-EEE2'])).toBe(0)
    expect(lines.at(-1)).toBe(
      'Cancelled membership mem_cancel1 (cancel.one@example.com): its perks last until Wed 2026-12-09 18:00 CT, then it ends.',
    )
    expect(await run(['members', 'cancel', 'cancel.two@example.com', '--now', '--json'])).toBe(0)
    expect(JSON.parse(lines.at(-1) ?? '')).toMatchObject({
      id: 'mem_cancel2',
      status: 'ended',
      endReason: 'cancelled',
    })
    const rows = await t.db
      .selectFrom('memberships')
      .select(['id', 'status', 'cancel_at_period_end'])
      .where('id', 'in', ['mem_cancel1', 'mem_cancel2'])
      .orderBy('id')
      .execute()
    expect(rows).toEqual([
      { id: 'mem_cancel1', status: 'active', cancel_at_period_end: true },
      { id: 'mem_cancel2', status: 'ended', cancel_at_period_end: false },
    ])
    const audit = await t.db
      .selectFrom('audit_log')
      .select('summary')
      .where('action', '=', 'members.cancel')
      .orderBy('id')
      .execute()
    expect(audit.map((row) => row.summary)).toEqual([
      'Cancelled membership mem_cancel1 (cancel.one@example.com) at the end of its period (Wed 2026-12-09 18:00 CT)',
      'Cancelled membership mem_cancel2 (cancel.two@example.com) at once: its perks ended',
    ])

    const without = await admin(t, ['members', 'cancel', 'mem_cancel1'])
    expect(without.code).toBe(1)
    expect(without.error.join('\n')).toContain('Memberships need the payment provider')
    expect((await admin(t, ['members', 'cancel'])).code).toBe(1)
    expect((await admin(t, ['members', 'show', 'mem_cancel1', '--now'])).code).toBe(1)
  })

  test('orders refund with a membership id refunds its latest payment and ends it; past 7 days it asks for --force', async () => {
    const lines: string[] = []
    const run = adminWithPayments(t, lines)
    for (const [id, code, paidAt] of [
      ['mem_refund1', 'RRRRSSSSTTT2', '2026-11-20T12:00:00Z'],
      ['mem_refund2', 'RRRRSSSSTTT3', '2026-11-10T00:00:00Z'],
    ] as const) {
      await addMember(t, { id, email: `${id}@example.com`, code })
      await t.db
        .updateTable('memberships')
        .set({ provider_subscription: `sub_local_${id}` })
        .where('id', '=', id)
        .execute()
      await t.db
        .insertInto('membership_payments')
        .values({
          id: `sub_local_${id}:invoice-1`,
          membership_id: id,
          payment_ref: `pi_local_${id}`,
          amount_cents: 4999,
          currency: 'usd',
          period_start: periodStart,
          paid_at: new Date(paidAt),
        })
        .execute()
    }
    expect(await run(['orders', 'refund', 'mem_refund1', '--yes'])).toBe(0)
    expect(lines.at(-1)).toBe(
      'Refunded $49.99 of membership mem_refund1 (sub_local_mem_refund1:invoice-1); it has ended and its member code no longer works.',
    )
    const ended = await t.db
      .selectFrom('memberships')
      .select(['status', 'end_reason'])
      .where('id', '=', 'mem_refund1')
      .executeTakeFirst()
    expect(ended).toEqual({ status: 'ended', end_reason: 'refunded' })

    expect(await run(['orders', 'refund', 'mem_refund2', '--yes'])).toBe(1)
    expect(lines.at(-1)).toMatch(
      /^The latest payment of membership mem_refund2 \(\$49\.99\) was made 12 days ago .*the policy allows refunds within 7 days\. Add --force to refund it anyway\.$/,
    )
    expect(await run(['orders', 'refund', 'mem_refund2'])).toBe(1)
    expect(lines.at(-1)).toContain('add --yes to refund without asking')
  })
})
