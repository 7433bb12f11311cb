import { describe, expect, test } from 'vitest'
import { testDatabases } from '#test/databases'
import { testPublicUrl, withTestApp } from '#test/test-app'
import type { OperatorActionName, OperatorInput } from '../../shared/operator'
import { reminderPaths } from '../../shared/reminders'
import { runMailWorker } from '../mail-worker'
import { runOperatorAction } from '../operator/run-action'
import { askFollow, confirmAddress, subscriptionsOf, unsubscribeAll } from './subscribers'

const hour = 60 * 60_000

/**
 * Following a comic (docs/product.md, "Reminders and following"): once the address is confirmed,
 * a mail when the comic is added to an upcoming show's lineup, at most one a day, the additions
 * of the day batched in the next; the places they had when followed are not news.
 */
describe.each(testDatabases)('follows on $name', (database) => {
  const t = withTestApp(database, { now: '2026-12-01T18:00:00Z' })
  const actor = { who: 'host@example.com', via: 'console' } as const
  const run = <N extends OperatorActionName>(name: N, input: OperatorInput<N>) =>
    runOperatorAction(
      { db: t.db, clock: t.clock, console: { publicUrl: testPublicUrl, adminEmails: [] } },
      actor,
      name,
      input,
    )
  async function worker(to: string) {
    const before = t.mailer.sent.length
    await runMailWorker(t.db, t.mailer, t.clock, { publicUrl: testPublicUrl })
    return t.mailer.sent.slice(before).filter((mail) => mail.to === to)
  }
  const tokenIn = (text: string) =>
    decodeURIComponent(
      new RegExp(`${reminderPaths.confirm}\\?token=([A-Za-z0-9_%-]+)`).exec(text)?.[1] ?? '',
    )
  const show = async (name: string, startsAt: string) =>
    (await run('events.add', { name, startsAt })).event.id
  const bill = (showId: string, ...comics: string[]) =>
    run('lineup.set', {
      show: showId,
      places: comics.map((comic) => ({ comic, role: 'feature' as const })),
    })

  test('a follower hears of new shows once confirmed, in one mail a day at most', async () => {
    const email = 'follower@example.com'
    const kit = (await run('comics.add', { name: 'Kit Follow' })).comic
    const ann = (await run('comics.add', { name: 'Ann Follow' })).comic
    const before = await show('Before Show', '2026-12-20T01:00:00Z')
    await bill(before, kit.id)
    await askFollow(t.db, { email, comicId: kit.slug }, t.clock.now())
    await askFollow(t.db, { email, comicId: ann.id }, t.clock.now())
    const [confirm, ...rest] = await worker(email)
    expect(confirm?.subject).toBe('Confirm your address for Punchline VR')
    expect(rest).toEqual([])
    // Not confirmed yet: a new place is no mail.
    const first = await show('First Show', '2026-12-21T01:00:00Z')
    await bill(first, kit.id)
    expect(await worker(email)).toEqual([])
    const manage = await confirmAddress(t.db, tokenIn(confirm?.text ?? ''), t.clock.now())
    // What they had when the address was confirmed is known, not news.
    expect(await worker(email)).toEqual([])

    const second = await show('Second Show', '2026-12-22T01:00:00Z')
    await bill(second, kit.id, ann.id)
    const [news] = await worker(email)
    expect(news?.subject).toBe('Comics you follow are on new shows')
    expect(news?.text).toContain('Kit Follow: Second Show')
    expect(news?.text).toContain('Ann Follow: Second Show')
    expect(news?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
    expect(await worker(email)).toEqual([])

    // Within the day: held, then batched.
    t.clock.advance(2 * hour)
    const third = await show('Third Show', '2026-12-23T01:00:00Z')
    const fourth = await show('Fourth Show', '2026-12-24T01:00:00Z')
    await bill(third, ann.id)
    t.clock.advance(hour)
    await bill(fourth, kit.id)
    expect(await worker(email)).toEqual([])
    t.clock.advance(21 * hour)
    const [batched, ...more] = await worker(email)
    expect(more).toEqual([])
    expect(batched?.text).toContain('Ann Follow: Third Show')
    expect(batched?.text).toContain('Kit Follow: Fourth Show')
    expect(batched?.text).not.toContain('Second Show')

    // Two processes at once, the next day: one mail.
    t.clock.advance(24 * hour)
    const fifth = await show('Fifth Show', '2026-12-25T01:00:00Z')
    await bill(fifth, kit.id)
    const count = t.mailer.sent.length
    await Promise.all([
      runMailWorker(t.db, t.mailer, t.clock, { publicUrl: testPublicUrl }),
      runMailWorker(t.db, t.mailer, t.clock, { publicUrl: testPublicUrl }),
    ])
    expect(t.mailer.sent.slice(count).map((m) => m.subject)).toEqual([
      'Kit Follow is on the bill of Fifth Show',
    ])

    expect((await subscriptionsOf(t.db, manage, t.clock.now())).comics.map((c) => c.name)).toEqual([
      'Ann Follow',
      'Kit Follow',
    ])
    await unsubscribeAll(t.db, manage)
    t.clock.advance(25 * hour)
    const sixth = await show('Sixth Show', '2026-12-26T01:00:00Z')
    await bill(sixth, kit.id, ann.id)
    expect(await worker(email)).toEqual([])
  })
})
