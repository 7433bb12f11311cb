import { describe, expect, test } from 'vitest'
import { cartLine, postCheckout } from '#test/checkout'
import { testDatabases } from '#test/databases'
import { testPublicUrl, withTestApp } from '#test/test-app'
import { runMailWorker } from '../../core/mail-worker'
import { runOperatorAction } from '../../core/operator/run-action'
import { showAt } from '../../core/schedule/events'
import { followPath, reminderPaths, reminderTexts, remindPath } from '../../shared/reminders'

const hour = 60 * 60_000
const startsAt = '2026-12-05T01:00:00Z'

/**
 * "Remind me" over HTTP (docs/product.md, "Reminders and following"): the page and its form, the
 * mailed confirm link's page, the manage page, and the one-click unsubscribe of RFC 8058 that a
 * mail client posts with no cookie.
 */
describe.each(testDatabases)('reminder pages on $name', (database) => {
  const t = withTestApp(database, { now: '2026-12-01T18:00:00Z' })
  const actor = { who: 'host@example.com', via: 'console' } as const
  const postForm = (url: string, fields: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    })
  async function worker(to: string) {
    const before = t.mailer.sent.length
    await runMailWorker(t.db, t.mailer, t.clock, { publicUrl: testPublicUrl })
    return t.mailer.sent.slice(before).filter((mail) => mail.to === to)
  }
  const tokenIn = (text: string, path: string) =>
    decodeURIComponent(new RegExp(`${path}\\?token=([A-Za-z0-9_%-]+)`).exec(text)?.[1] ?? '')

  test('a fan asks, confirms from the mail, is reminded, and unsubscribes with one click', async () => {
    const { event } = await runOperatorAction({ db: t.db, clock: t.clock }, actor, 'events.add', {
      name: 'Friday Laughs',
      startsAt,
    })
    const asked = await t.app.inject(remindPath(event.id))
    expect(asked.statusCode).toBe(200)
    expect(asked.body).toContain('Friday Laughs')
    expect(asked.body).toContain(`action="${reminderPaths.remind}"`)
    // The ask page is for search engines, with its whole address; the answers to a form are not.
    expect(asked.body).toContain(
      `<link rel="canonical" href="${testPublicUrl}${remindPath(event.id)}">`,
    )
    expect(asked.body).not.toContain('noindex')

    const bad = await postForm(reminderPaths.remind, { show: event.id, email: 'not an address' })
    expect(bad.statusCode).toBe(400)
    expect(bad.body).toContain(reminderTexts.badEmail)
    expect(bad.body).toContain('<meta name="robots" content="noindex">')
    expect(await t.db.selectFrom('subscribers').selectAll().execute()).toEqual([])
    expect((await t.app.inject(remindPath('evt-none'))).statusCode).toBe(404)

    const sent = await postForm(reminderPaths.remind, { show: event.id, email: 'fan@example.com' })
    expect(sent.statusCode).toBe(200)
    expect(sent.body).toContain(reminderTexts.checkInbox)
    const [confirmMail] = await worker('fan@example.com')
    const token = tokenIn(confirmMail?.text ?? '', reminderPaths.confirm)
    expect(confirmMail?.headers).toBeUndefined()

    // Opening the link confirms nothing (a mail scanner may open it); the button does.
    const confirmPage = await t.app.inject(`${reminderPaths.confirm}?token=${token}`)
    expect(confirmPage.body).toContain(reminderTexts.confirmButton)
    const confirmed = await postForm(reminderPaths.confirm, { token })
    expect(confirmed.statusCode).toBe(303)
    const manage = await t.app.inject(confirmed.headers.location ?? '')
    expect(manage.body).toContain(reminderTexts.confirmed)
    expect(manage.body).toContain('Friday Laughs')
    expect((await postForm(reminderPaths.confirm, { token })).statusCode).toBe(410)

    t.clock.set(new Date(new Date(startsAt).getTime() - 24 * hour))
    const [reminder] = await worker('fan@example.com')
    expect(reminder?.subject).toBe('Friday Laughs starts tomorrow')
    const unsubscribe = /<([^>]+)>/.exec(reminder?.headers?.['List-Unsubscribe'] ?? '')?.[1] ?? ''
    expect(reminder?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
    expect(unsubscribe.startsWith(`${testPublicUrl}${reminderPaths.unsubscribe}?token=`)).toBe(true)

    const clicked = await postForm(unsubscribe.slice(testPublicUrl.length), {
      'List-Unsubscribe': 'One-Click',
    })
    expect(clicked.statusCode).toBe(200)
    t.clock.set(new Date(new Date(startsAt).getTime() - hour))
    expect(await worker('fan@example.com')).toEqual([])
    const after = await t.app.inject(
      unsubscribe
        .slice(testPublicUrl.length)
        .replace(reminderPaths.unsubscribe, reminderPaths.manage),
    )
    expect(after.body).toContain(reminderTexts.noReminders)
    expect((await postForm(`${reminderPaths.unsubscribe}?token=wrong`, {})).statusCode).toBe(410)
  })

  test('the manage page stops one show and keeps the others', async () => {
    t.clock.set('2026-12-01T18:00:00Z')
    const deps = { db: t.db, clock: t.clock }
    const one = (await runOperatorAction(deps, actor, 'events.add', { name: 'Show One', startsAt }))
      .event
    const two = (await runOperatorAction(deps, actor, 'events.add', { name: 'Show Two', startsAt }))
      .event
    await postForm(reminderPaths.remind, { show: one.id, email: 'two@example.com' })
    await postForm(reminderPaths.remind, { show: two.id, email: 'two@example.com' })
    const [mail] = await worker('two@example.com')
    const confirmed = await postForm(reminderPaths.confirm, {
      token: tokenIn(mail?.text ?? '', reminderPaths.confirm),
    })
    const manageToken =
      new URL(confirmed.headers.location ?? '', testPublicUrl).searchParams.get('token') ?? ''
    const stopped = await postForm(reminderPaths.manage, { token: manageToken, show: one.id })
    expect(stopped.statusCode).toBe(303)
    const page = await t.app.inject(stopped.headers.location ?? '')
    expect(page.body).toContain(reminderTexts.stopped)
    expect(page.body).not.toContain('Show One')
    expect(page.body).toContain('Show Two')
  })

  test('the Follow form asks for an address, then a confirm mail is all that comes until it is confirmed', async () => {
    const deps = { db: t.db, clock: t.clock }
    const { comic } = await runOperatorAction(deps, actor, 'comics.add', { name: 'Fen Follow' })
    const page = await t.app.inject(followPath(comic.slug))
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('Fen Follow')
    const bad = await postForm(reminderPaths.follow, { comic: comic.id, email: 'nope' })
    expect(bad.statusCode).toBe(400)
    expect(
      (await postForm(reminderPaths.follow, { comic: 'no-such', email: 'a@example.com' }))
        .statusCode,
    ).toBe(404)
    const asked = await postForm(reminderPaths.follow, {
      comic: comic.id,
      email: 'fen@example.com',
    })
    expect(asked.body).toContain(reminderTexts.checkInbox)
    expect((await worker('fen@example.com')).map((m) => m.subject)).toEqual([
      'Confirm your address for Punchline VR',
    ])
  })

  test('the checkout box "Remind me before the show" asks reminders of the next show for the email given', async () => {
    t.clock.set('2026-12-01T18:00:00Z')
    const next = await showAt(t.db, t.clock.now())
    const without = await postCheckout(t.app, {
      items: [cartLine('ffr-10')],
      email: 'no.box@example.com',
    })
    expect(without.statusCode).toBe(200)
    const ticked = await postCheckout(t.app, {
      items: [cartLine('ffr-10')],
      email: 'box@example.com',
      remind: true,
    })
    expect(ticked.statusCode).toBe(200)
    const asked = await t.db
      .selectFrom('show_reminders')
      .innerJoin('subscribers', 'subscribers.id', 'show_reminders.subscriber_id')
      .select(['subscribers.email', 'show_reminders.show_id'])
      .where('subscribers.email', 'in', ['box@example.com', 'no.box@example.com'])
      .execute()
    expect(asked).toEqual([{ email: 'box@example.com', show_id: next.id }])
    expect((await worker('box@example.com')).map((m) => m.subject)).toEqual([
      'Confirm your address for Punchline VR',
    ])
  })

  test('one client asks at most 10 times an hour; then the page says so and nothing is kept', async () => {
    t.clock.set('2026-12-01T18:00:00Z')
    const next = await showAt(t.db, t.clock.now())
    const statuses: number[] = []
    for (let i = 0; i < 11; i++) {
      const answer = await postForm(reminderPaths.remind, {
        show: next.id,
        email: `many${i}@example.com`,
      })
      statuses.push(answer.statusCode)
      if (answer.statusCode === 429) expect(answer.body).toContain(reminderTexts.tooMany)
    }
    expect(statuses.at(-1)).toBe(429)
    const last = await t.db
      .selectFrom('subscribers')
      .select('id')
      .where('email', '=', 'many10@example.com')
      .execute()
    expect(last).toEqual([])
  })
})
