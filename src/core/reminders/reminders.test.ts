import { describe, expect, test } from 'vitest'
import { testDatabases } from '#test/databases'
import { testPublicUrl, withTestApp } from '#test/test-app'
import type { OperatorActionName, OperatorInput } from '../../shared/operator'
import { reminderPaths } from '../../shared/reminders'
import { runMailWorker } from '../mail-worker'
import { runOperatorAction } from '../operator/run-action'
import { Refusal } from '../refusal'
import { askReminder, confirmAddress, subscriptionsOf, unsubscribeAll } from './subscribers'

const hour = 60 * 60_000
const start = '2026-12-10T01:00:00Z'
const at = (hoursBefore: number, showStart = start) =>
  new Date(new Date(showStart).getTime() - hoursBefore * hour)

/**
 * Reminders before a show (docs/product.md, "Reminders and following"): an address confirmed once
 * by a mailed link, reminders 24 hours and 1 hour before each show it chose, each sent once
 * through the outbox, at a moved show's new time, never for a removed show or a passed time, and
 * none after the one-click unsubscribe.
 */
describe.each(testDatabases)('reminders on $name', (database) => {
  const t = withTestApp(database, { now: '2026-12-01T18:00:00Z' })
  const actor = { who: 'host@example.com', via: 'console' } as const
  const run = <N extends OperatorActionName>(name: N, input: OperatorInput<N>) =>
    runOperatorAction(
      { db: t.db, clock: t.clock, console: { publicUrl: testPublicUrl, adminEmails: [] } },
      actor,
      name,
      input,
    )
  let shows = 0
  async function newShow(startsAt = start): Promise<string> {
    shows++
    const { event } = await run('events.add', { name: `Reminder Show ${shows}`, startsAt })
    return event.id
  }
  /** One run of the mail worker at `now`; the mails it sent to `to`. */
  async function worker(to: string) {
    const before = t.mailer.sent.length
    await runMailWorker(t.db, t.mailer, t.clock, { publicUrl: testPublicUrl })
    return t.mailer.sent.slice(before).filter((mail) => mail.to === to)
  }
  const tokenIn = (text: string, path: string) =>
    new RegExp(`${path}\\?token=([A-Za-z0-9_%-]+)`).exec(text)?.[1] ?? ''
  async function confirmed(email: string, showId: string): Promise<string> {
    await askReminder(t.db, { email, showId }, t.clock.now())
    const [mail] = await worker(email)
    const token = decodeURIComponent(tokenIn(mail?.text ?? '', reminderPaths.confirm))
    return confirmAddress(t.db, token, t.clock.now())
  }
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (error: unknown) => (error instanceof Refusal ? error.kind : error),
    )

  test('an address gets one confirm mail and nothing else until it confirms; then 24 h and 1 h before, once each', async () => {
    const email = 'fan1@example.com'
    const show = await newShow()
    const other = await newShow()
    t.clock.set('2026-12-01T18:00:00Z')
    await askReminder(t.db, { email: 'Fan1@Example.com ', showId: show }, t.clock.now())
    await askReminder(t.db, { email, showId: other }, t.clock.now())
    const confirmMails = await worker(email)
    expect(confirmMails.map((m) => m.subject)).toEqual(['Confirm your address for Punchline VR'])
    await askReminder(t.db, { email, showId: show }, t.clock.now())
    expect(await worker(email)).toEqual([])
    // Unconfirmed: the reminder's time comes and goes without a mail.
    t.clock.set(at(24))
    expect(await worker(email)).toEqual([])
    t.clock.set('2026-12-01T18:00:00Z')
    const token = decodeURIComponent(tokenIn(confirmMails[0]?.text ?? '', reminderPaths.confirm))
    const manage = await confirmAddress(t.db, token, t.clock.now())
    expect(await refusal(confirmAddress(t.db, token, t.clock.now()))).toBe('gone')
    const lineupComic = await run('comics.add', { name: 'Rae Reminder' })
    await run('lineup.set', { show, places: [{ comic: lineupComic.comic.id, role: 'headliner' }] })

    t.clock.set(at(24.5))
    expect(await worker(email)).toEqual([])
    t.clock.set(at(24))
    const day = await worker(email)
    expect(day.map((m) => m.subject)).toEqual([
      'Reminder Show 1 starts tomorrow',
      'Reminder Show 2 starts tomorrow',
    ])
    expect(day[0]?.text).toContain('Rae Reminder')
    expect(day[0]?.headers).toEqual({
      'List-Unsubscribe': `<${testPublicUrl}${reminderPaths.unsubscribe}?token=${encodeURIComponent(manage)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    })
    expect(day[0]?.text).toContain(`${testPublicUrl}${reminderPaths.manage}?token=`)
    t.clock.set(at(20))
    expect(await worker(email)).toEqual([])
    t.clock.set(at(1))
    // Two processes at once: still one mail each.
    const before = t.mailer.sent.length
    await Promise.all([
      runMailWorker(t.db, t.mailer, t.clock, { publicUrl: testPublicUrl }),
      runMailWorker(t.db, t.mailer, t.clock, { publicUrl: testPublicUrl }),
    ])
    expect(t.mailer.sent.slice(before).map((m) => m.subject)).toEqual([
      'Reminder Show 1 starts in an hour',
      'Reminder Show 2 starts in an hour',
    ])
    t.clock.set(at(0.5))
    expect(await worker(email)).toEqual([])
    const outbox = await t.db
      .selectFrom('mail_outbox')
      .select('dedupe_key')
      .where('to_address', '=', email)
      .execute()
    expect(outbox).toHaveLength(5)
  })

  test('a reminder whose time passed before the address asked is not sent; the next one is', async () => {
    const startsAt = '2026-12-12T01:00:00Z'
    const show = await newShow(startsAt)
    t.clock.set(at(5, startsAt))
    await confirmed('late@example.com', show)
    t.clock.set(at(2, startsAt))
    expect(await worker('late@example.com')).toEqual([])
    t.clock.set(at(1, startsAt))
    expect((await worker('late@example.com')).map((m) => m.subject)).toEqual([
      'Reminder Show 3 starts in an hour',
    ])
    t.clock.set(startsAt)
    expect(await worker('late@example.com')).toEqual([])
  })

  test('a moved show is reminded of at its new time; a removed one never', async () => {
    const startsAt = '2026-12-14T01:00:00Z'
    const later = '2026-12-16T01:00:00Z'
    const moved = await newShow(startsAt)
    const removed = await newShow(startsAt)
    t.clock.set('2026-12-05T18:00:00Z')
    await confirmed('moved@example.com', moved)
    await askReminder(t.db, { email: 'moved@example.com', showId: removed }, t.clock.now())
    t.clock.set(at(24, startsAt))
    expect((await worker('moved@example.com')).map((m) => m.subject)).toEqual([
      'Reminder Show 4 starts tomorrow',
      'Reminder Show 5 starts tomorrow',
    ])
    await run('events.edit', { id: moved, startsAt: later })
    await run('events.remove', { id: removed })
    t.clock.set(at(1, startsAt))
    expect(await worker('moved@example.com')).toEqual([])
    t.clock.set(at(24, later))
    const again = await worker('moved@example.com')
    expect(again.map((m) => m.subject)).toEqual(['Reminder Show 4 starts tomorrow'])
    expect(again[0]?.text).toContain('Tue, Dec 15, 7:00 PM CT')
    t.clock.set(at(1, later))
    expect((await worker('moved@example.com')).map((m) => m.subject)).toEqual([
      'Reminder Show 4 starts in an hour',
    ])
  })

  test('the one-click unsubscribe stops every reminder; asking again needs a new confirmation', async () => {
    const startsAt = '2026-12-18T01:00:00Z'
    const show = await newShow(startsAt)
    t.clock.set('2026-12-10T18:00:00Z')
    const manage = await confirmed('quit@example.com', show)
    expect((await subscriptionsOf(t.db, manage, t.clock.now())).shows.map((s) => s.id)).toEqual([
      show,
    ])
    await unsubscribeAll(t.db, manage)
    await unsubscribeAll(t.db, manage)
    const after = await subscriptionsOf(t.db, manage, t.clock.now())
    expect(after).toMatchObject({ confirmed: false, shows: [], comics: [] })
    t.clock.set(at(24, startsAt))
    expect(await worker('quit@example.com')).toEqual([])
    await askReminder(t.db, { email: 'quit@example.com', showId: show }, t.clock.now())
    expect((await worker('quit@example.com')).map((m) => m.subject)).toEqual([
      'Confirm your address for Punchline VR',
    ])
    expect(await refusal(subscriptionsOf(t.db, 'no-such-token', t.clock.now()))).toBe('gone')
  })

  test('a show that is not on the schedule, or has started, is refused and nothing is kept', async () => {
    const show = await newShow('2026-12-20T01:00:00Z')
    t.clock.set('2026-12-20T02:00:00Z')
    expect(
      await refusal(askReminder(t.db, { email: 'x@example.com', showId: show }, t.clock.now())),
    ).toBe('conflict')
    expect(
      await refusal(askReminder(t.db, { email: 'x@example.com', showId: 'nope' }, t.clock.now())),
    ).toBe('not-found')
    const kept = await t.db
      .selectFrom('subscribers')
      .select('id')
      .where('email', '=', 'x@example.com')
      .execute()
    expect(kept).toEqual([])
  })
})
