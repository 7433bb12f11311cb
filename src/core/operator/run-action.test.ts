import { sql } from 'kysely'
import { describe, expect, test } from 'vitest'
import { buyCodes } from '#test/checkout'
import { testDatabases } from '#test/databases'
import { testPublicUrl, withTestApp } from '#test/test-app'
import { formatCode } from '../../shared/code-format'
import { limits } from '../../shared/limits'
import type { OperatorActionName, OperatorInput } from '../../shared/operator'
import { Refusal } from '../refusal'
import type { Actor } from './audit'
import type { OperatorDeps } from './operator-types'
import { runOperatorAction } from './run-action'

const host: Actor = { who: 'host@example.com', via: 'console' }

describe.each(testDatabases)('operator actions on $name', (database) => {
  const t = withTestApp(database, { now: '2026-11-22T22:30:00Z' })
  const deps = (): OperatorDeps => ({
    db: t.db,
    clock: t.clock,
    payments: () => t.payments,
    kickMail: () => {},
    console: { publicUrl: testPublicUrl, adminEmails: ['host@example.com'] },
  })
  const run = <N extends OperatorActionName>(name: N, input: OperatorInput<N>, actor = host) =>
    runOperatorAction(deps(), actor, name, input)
  const auditOf = async (action: string) =>
    (await run('audit.list', { search: action, pageSize: 100 })).items.filter(
      (entry) => entry.action === action,
    )

  test('adding, changing and removing a show: each is in the audit log with who did it', async () => {
    const { event } = await run('events.add', {
      name: 'Open Mic Night',
      startsAt: '2026-12-01T02:00:00Z',
      description: '18+ only',
    })
    expect(event).toMatchObject({ name: 'Open Mic Night', source: 'operator', over: false })
    await run('events.edit', { id: event.id, name: 'Open Mic Night!' })
    await run('events.remove', { id: event.id })
    const entries = (await run('audit.list', { search: event.id })).items
    expect(entries.map((entry) => [entry.action, entry.actor, entry.via])).toEqual([
      ['events.remove', 'host@example.com', 'console'],
      ['events.edit', 'host@example.com', 'console'],
      ['events.add', 'host@example.com', 'console'],
    ])
    // The log is read in names: the show by its name, never its id.
    expect(entries[1]?.summary).toBe(
      'Changed Open Mic Night! (name "Open Mic Night" to "Open Mic Night!")',
    )
    await expect(run('events.remove', { id: event.id })).rejects.toThrow(
      `No event with id "${event.id}"`,
    )
  })

  test("a show's name and description keep no C1 control or direction override", async () => {
    const { event } = await run('events.add', {
      name: 'Roast \u202eNIGHT\u202c\u009b31m',
      startsAt: '2026-12-02T02:00:00Z',
      description: 'Line one\u2066 isolated\u2069\nLine two',
    })
    expect([event.name, event.description]).toEqual([
      'Roast NIGHT31m',
      'Line one isolated\nLine two',
    ])
    const edited = await run('events.edit', { id: event.id, name: '\u202dLR\u0085 Roast' })
    expect(edited.event.name).toBe('LR Roast')
    await run('events.remove', { id: event.id })
  })

  test('a change whose audit entry cannot be written is not made: shows, resent codes', async () => {
    const [code] = await buyCodes(t, [['boosts-5', 1]], 'audited@example.com')
    const resends = () =>
      t.db
        .selectFrom('mail_outbox')
        .select('id')
        .where('dedupe_key', 'like', 'codes-resend:%')
        .execute()
    const resentBefore = (await resends()).length
    const { event } = await run('events.add', {
      name: 'Kept As It Was',
      startsAt: '2026-12-02T02:00:00Z',
    })
    await sql`alter table audit_log rename to audit_log_away`.execute(t.db)
    try {
      await expect(
        run('events.add', { name: 'Never Added', startsAt: '2026-12-03T02:00:00Z' }),
      ).rejects.toThrow()
      await expect(run('events.edit', { id: event.id, name: 'Renamed' })).rejects.toThrow()
      await expect(run('events.remove', { id: event.id })).rejects.toThrow()
      await expect(run('codes.resend', { orderId: code?.order_id ?? '' })).rejects.toThrow()
    } finally {
      await sql`alter table audit_log_away rename to audit_log`.execute(t.db)
    }
    const names = (await run('events.list', { pageSize: 1000 })).items.map((e) => e.name)
    expect(names).toContain('Kept As It Was')
    expect(names).not.toContain('Never Added')
    expect(names).not.toContain('Renamed')
    expect(await resends()).toHaveLength(resentBefore)
  })

  test('the shows list pages and searches on the server', async () => {
    const first = await run('events.list', { pageSize: 3 })
    expect(first.items).toHaveLength(3)
    expect(first.total).toBeGreaterThan(10)
    const second = await run('events.list', { pageSize: 3, page: 2 })
    expect((second.items[0]?.startsAt ?? '') > (first.items[2]?.startsAt ?? '')).toBe(true)
    const tuesdays = await run('events.list', { search: 'tuesday', pageSize: 100 })
    expect(tuesdays.items.length).toBeGreaterThan(0)
    expect(tuesdays.items.every((event) => /tuesday/i.test(event.name))).toBe(true)
    expect(tuesdays.total).toBe(tuesdays.items.length)
  })

  test('moving a show with codes sold says what it touches, and the codes follow it', async () => {
    t.clock.set('2026-11-22T22:30:00Z')
    const codes = await buyCodes(t, [['boosts-5', 3]], 'mover@example.com')
    const showId = 'regular-20261122T2200Z'
    const impact = await run('events.impact', { id: showId })
    expect(impact.orders).toBeGreaterThanOrEqual(1)
    expect(impact.codes).toBeGreaterThanOrEqual(3)
    expect(impact.unused).toBe(impact.codes - impact.redeemed)

    const later = '2026-11-22T23:30:00.000Z'
    await run('events.edit', { id: showId, startsAt: later })
    const moved = await t.db
      .selectFrom('codes')
      .select('expires_at')
      .where('order_id', '=', codes[0]?.order_id ?? '')
      .execute()
    for (const code of moved) {
      expect(code.expires_at.getTime()).toBe(Date.parse(later) + limits.showRolloverMs)
    }
    const order = await run('orders.show', { id: codes[0]?.order_id ?? '' })
    expect(order.show?.startsAt).toBe(later)
    await run('events.edit', { id: showId, startsAt: '2026-11-22T22:00:00.000Z' })
  })

  test('orders are found by address or part of one, by order id and by code', async () => {
    t.clock.set('2026-11-22T22:30:00Z')
    const [code] = await buyCodes(t, [['ffr-10', 1]], 'Finder.Fan@Example.com')
    const orderId = code?.order_id ?? ''
    for (const search of [
      'finder.fan@example.com',
      'FINDER',
      orderId,
      formatCode(code?.code ?? '').toLowerCase(),
    ]) {
      const found = await run('orders.list', { search })
      expect(
        found.items.map((order) => order.id),
        search,
      ).toEqual([orderId])
      expect(found.total, search).toBe(1)
    }
    expect((await run('orders.list', { search: 'nobody-at-all' })).items).toEqual([])
    // % and _ are letters in a search, not wildcards.
    expect((await run('orders.list', { search: '%' })).items).toEqual([])
  })

  test('an order shows its mails; a refund is checked first, then made, voided and audited', async () => {
    t.clock.set('2026-11-22T22:30:00Z')
    const codes = await buyCodes(t, [['boosts-5', 2]], 'refund.me@example.com')
    const id = codes[0]?.order_id ?? ''
    const order = await run('orders.show', { id })
    expect(order.mails.map((mail) => mail.subject)).toEqual([expect.stringContaining('codes')])

    const check = await run('orders.refund-check', { id })
    expect(check).toMatchObject({ redeemed: 0, total: 2, refusal: null, forceable: false })
    const refunded = await run('orders.refund', { id, redeemedWhenAsked: 0 })
    expect(refunded).toMatchObject({
      voided: 2,
      refundedCents: 998,
      mailedTo: 'refund.me@example.com',
    })
    expect(refunded.order.status).toBe('refunded')
    const [entry] = await auditOf('orders.refund')
    expect(entry).toMatchObject({ targetType: 'order', targetId: id, actor: 'host@example.com' })

    const again = await run('orders.refund-check', { id })
    expect(again.refusal).toBe(
      `Order ${id} was refunded already (Sun 2026-11-22 16:30 CT): it cannot be refunded twice.`,
    )
    expect(again.forceable).toBe(false)
    await expect(run('orders.refund', { id })).rejects.toThrow(Refusal)

    // Its codes are void: resending them is refused in a sentence, and nothing is queued.
    const mails = (await run('orders.show', { id })).mails.length
    await expect(run('codes.resend', { orderId: id })).rejects.toThrow(
      `Every code of order ${id} is void (the order is refunded): there is nothing to send.`,
    )
    expect((await run('orders.show', { id })).mails).toHaveLength(mails)
  })

  test('past the refund window the check says so, and force is what it takes', async () => {
    t.clock.set('2026-11-22T22:30:00Z')
    const [code] = await buyCodes(t, [['boosts-5', 1]], 'late@example.com')
    t.clock.advance((limits.refundWindowDays + 1) * 24 * 60 * 60_000)
    const id = code?.order_id ?? ''
    const check = await run('orders.refund-check', { id })
    expect(check.refusal).toBe(
      `Order ${id} was paid 8 days ago (Sun 2026-11-22 16:30 CT); the policy allows refunds within 7 days.`,
    )
    expect(check.forceable).toBe(true)
    expect((await run('orders.refund-check', { id, force: true })).refusal).toBeNull()
    const refusal = await run('orders.refund', { id }).catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(Refusal)
    expect((refusal as Refusal).details.advice).toBe('force')
  })

  test('codes resend queues the mail to the buyer or another address, audited', async () => {
    t.clock.set('2026-11-22T22:30:00Z')
    const [code] = await buyCodes(t, [['boosts-5', 1]], 'again@example.com')
    const id = code?.order_id ?? ''
    expect(await run('codes.resend', { orderId: id })).toEqual({
      orderId: id,
      to: 'again@example.com',
    })
    t.clock.advance(1000)
    expect((await run('codes.resend', { orderId: id, to: 'friend@example.com' })).to).toBe(
      'friend@example.com',
    )
    const mails = (await run('orders.show', { id })).mails.map((mail) => mail.to)
    expect(mails).toEqual(['again@example.com', 'again@example.com', 'friend@example.com'])
    expect((await auditOf('codes.resend')).length).toBeGreaterThanOrEqual(2)
    await expect(run('codes.resend', { orderId: 'ord_none' })).rejects.toThrow(
      'There is no order ord_none.',
    )
  })

  test('failed mail is listed and retried, one or all', async () => {
    await t.db.updateTable('mail_outbox').set({ sent_at: t.clock.now() }).execute()
    const [code] = await buyCodes(t, [['boosts-5', 1]], 'bounce@example.com')
    await t.db
      .updateTable('mail_outbox')
      .set({ failed_at: t.clock.now(), last_error: '550 <bounce@example.com>: no such user' })
      .where('dedupe_key', '=', `codes:${code?.order_id}`)
      .execute()
    const failed = await run('mail.list', { state: 'failed' })
    expect(failed.total).toBe(1)
    expect(failed.items[0]?.lastError).toBe('550 <b***@example.com>: no such user')
    const id = failed.items[0]?.id ?? 0
    expect(await run('mail.retry', { id })).toEqual({ count: 1 })
    expect((await run('mail.list', { state: 'pending' })).items.map((mail) => mail.id)).toContain(
      id,
    )
    await expect(run('mail.retry', { all: true })).rejects.toThrow('There is no failed mail')
  })

  test('reports by show and by month, boosts per show, and tonight', async () => {
    t.clock.set('2026-11-22T22:30:00Z')
    const byShow = await run('reports.shows', { pageSize: 5 })
    expect(byShow.items[0]?.key).toBe('regular-20261122T2200Z')
    expect(byShow.items[0]?.sold).toBeGreaterThan(0)
    const months = await run('reports.months', {})
    expect(months[0]).toMatchObject({ key: '2026-11', label: 'November 2026' })
    expect(months[0]?.sold).toBe(byShow.items.reduce((sum, row) => sum + row.sold, 0))

    const tonight = await run('tonight', {})
    expect(tonight).toMatchObject({ state: 'live', show: { id: 'regular-20261122T2200Z' } })
    expect(tonight.codesSold).toBe(byShow.items[0]?.sold)
    const boosts = await run('reports.boosts', { months: 3 })
    expect(boosts.at(-1)?.showId).toBe('regular-20261122T2200Z')
  })

  test('a console link: only for an address in ADMIN_EMAILS, and audited', async () => {
    const link = await run('console.link', {}, { who: 'root', via: 'cli' })
    expect(link.email).toBe('host@example.com')
    expect(link.url).toMatch(new RegExp(`^${testPublicUrl}/admin/sign-in#[\\w-]{43}$`))
    await expect(run('console.link', { email: 'stranger@example.com' })).rejects.toThrow(
      'stranger@example.com is not in ADMIN_EMAILS',
    )
    await expect(
      runOperatorAction({ ...deps(), console: undefined }, host, 'console.link', {}),
    ).rejects.toThrow(/set ADMIN_EMAILS/)
    expect((await auditOf('console.link'))[0]).toMatchObject({ actor: 'root', via: 'cli' })
  })

  test('a bad input is refused in a sentence naming the field, and nothing changes', async () => {
    const before = (await run('events.list', { all: true, pageSize: 1000 })).total
    for (const input of [
      { name: 'x', startsAt: 'next tuesday' },
      { name: 'x'.repeat(101), startsAt: '2026-12-01T02:00:00Z' },
      { name: 'bad\u0000name', startsAt: '2026-12-01T02:00:00Z' },
    ]) {
      const error = await runOperatorAction(deps(), host, 'events.add', input).catch((e) => e)
      expect(error).toBeInstanceOf(Refusal)
      expect(error.message).toMatch(/^Bad (startsAt|name) for events.add: /)
    }
    await expect(
      runOperatorAction(deps(), host, 'events.add', {
        name: ' ',
        startsAt: '2026-12-01T02:00:00Z',
      }),
    ).rejects.toThrow('The name must not be empty.')
    await expect(runOperatorAction(deps(), host, 'nope' as OperatorActionName, {})).rejects.toThrow(
      'There is no action "nope".',
    )
    expect((await run('events.list', { all: true, pageSize: 1000 })).total).toBe(before)
  })
})
