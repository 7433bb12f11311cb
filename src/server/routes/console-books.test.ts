import { describe, expect, test } from 'vitest'
import { runAdminCommand as admin } from '#test/admin'
import { addComicWithPayout } from '#test/comic-statement'
import { consoleAction, signInToConsole } from '#test/console'
import { testDatabases } from '#test/databases'
import { insertSet, insertShowOrder, redeemAtSet } from '#test/settlements'
import { type TestContext, withTestApp } from '#test/test-app'
import type { Db } from '../../core/db/schema'
import { formatUsd } from '../../shared/money'
import type { BooksOverview, ClosePreview, PayoutPreview } from '../../shared/settlements'

const host = 'host.books@example.com'

/** A show with one comic's set and a fan's code redeemed in it. */
async function showWithSet(
  t: TestContext,
  host: Awaited<ReturnType<typeof signInToConsole>>,
  name: string,
  startsAt: string,
  comics: { id: string }[],
  product: 'ffr-10' | 'ffr-25' = 'ffr-10',
) {
  const { event } = (await consoleAction(t.app, host, 'events.add', { name, startsAt })).json()
  const start = new Date(startsAt).getTime()
  for (const [i, comic] of comics.entries()) {
    const from = new Date(start + (5 + i * 20) * 60_000)
    const set = await insertSet(t.db, {
      showId: event.id,
      comicId: comic.id,
      from,
      to: new Date(from.getTime() + 15 * 60_000),
    })
    const order = await insertShowOrder(t.db, {
      showId: event.id,
      lines: [[product, 1]],
      at: new Date(start - 60 * 60_000),
    })
    await redeemAtSet(t.db, {
      code: order.codes[0]?.code ?? '',
      setId: set,
      at: new Date(from.getTime() + 5 * 60_000),
    })
  }
  return event.id as string
}

async function outboxTo(db: Db, email: string, prefix: string) {
  return (
    await db
      .selectFrom('mail_outbox')
      .select(['to_address', 'dedupe_key'])
      .where('to_address', '=', email)
      .execute()
  ).filter((row) => row.dedupe_key.startsWith(prefix))
}

describe.each(testDatabases)("the console's books on $name", (database) => {
  const t = withTestApp(database, { now: '2026-11-10T00:00:00Z', adminEmails: [host] })

  test('closing a month, a payout and the statements: the console previews what it then does, as the command line says it, to the cent', async () => {
    const early = await signInToConsole(t.app, t.db, host)
    const rosa = await addComicWithPayout(t.db, 'Rosa Delgado', 'rosa@example.com')
    const sam = await addComicWithPayout(t.db, 'Sam Okafor', 'sam@example.com')
    const lee = await addComicWithPayout(t.db, 'Lee Park', 'lee@example.com')
    await t.db.updateTable('comics').set({ payout_email: null }).where('id', '=', lee.id).execute()
    const first = await showWithSet(t, early, 'First Friday', '2026-11-06T02:00:00Z', [rosa, sam])
    const second = await showWithSet(
      t,
      early,
      'Second Sunday',
      '2026-11-08T22:00:00Z',
      [rosa, lee],
      'ffr-25',
    )
    t.clock.set('2026-12-01T12:00:00Z')
    // Signed in again: a session does not last the three weeks.
    const signedIn = await signInToConsole(t.app, t.db, host)

    // The Books page's overview: both shows open, November, and who is owed what once closed.
    const overview: BooksOverview = (await consoleAction(t.app, signedIn, 'books.overview')).json()
    expect(overview.openShows.map((s) => s.show.id).sort()).toEqual([first, second].sort())
    expect(overview.months).toEqual([
      expect.objectContaining({ month: '2026-11', shows: 2, open: 2 }),
    ])
    expect(overview.comics.map((c) => c.name)).toEqual(['Lee Park', 'Rosa Delgado', 'Sam Okafor'])
    expect(overview.comics.every((c) => c.stillOwedCents === 0 && c.pendingCents > 0)).toBe(true)

    // The month's preview: through the console and the command line, the same sentence.
    const preview: ClosePreview = (
      await consoleAction(t.app, signedIn, 'settlements.close-check', { month: '2026-11' })
    ).json()
    const opened = overview.openShows.reduce((sum, s) => sum + s.comicsCents, 0)
    expect(preview).toMatchObject({
      shows: [{ id: first }, { id: second }],
      comicsCents: opened,
      comics: 3,
      leftOpen: [],
      refusal: null,
      statements: {
        toMail: ['Rosa Delgado', 'Sam Okafor'],
        withoutAddress: ['Lee Park'],
        held: null,
      },
    })
    expect(preview.sentence).toBe(`Close November 2026: 2 shows, ${formatUsd(opened)} to 3 comics.`)
    const cliPreview = await admin(t, ['comics', 'settle', '--month', '2026-11', '--check'])
    expect(cliPreview.log).toEqual([
      preview.sentence,
      'Statements would be mailed to Rosa Delgado, Sam Okafor.',
    ])
    // Nothing was closed by either preview.
    expect((await consoleAction(t.app, signedIn, 'books.overview')).json().openShows).toHaveLength(
      2,
    )

    // The close does what the preview said, to the cent; the command line reads the same books.
    const closed = (
      await consoleAction(t.app, signedIn, 'settlements.close', { month: '2026-11' })
    ).json()
    expect(closed.closed.map((v: { show: { id: string } }) => v.show.id)).toEqual([first, second])
    expect(
      closed.closed.reduce((sum: number, v: { comicsCents: number }) => sum + v.comicsCents, 0),
    ).toBe(preview.comicsCents)
    expect(closed.statements.mailed).toEqual(preview.statements.toMail)
    expect(closed.statements.withoutAddress).toEqual(preview.statements.withoutAddress)
    const after: BooksOverview = (await consoleAction(t.app, signedIn, 'books.overview')).json()
    expect(after.openShows).toEqual([])
    expect(after.comics.reduce((sum, c) => sum + c.stillOwedCents, 0)).toBe(preview.comicsCents)
    const rosaOwed = after.comics.find((c) => c.id === rosa.id)?.stillOwedCents ?? 0
    const cliStatement = await admin(t, ['comics', 'statement', rosa.slug])
    expect(cliStatement.log).toContain(`  Still owed: ${formatUsd(rosaOwed)}`)
    const again = (
      await consoleAction(t.app, signedIn, 'settlements.close-check', { month: '2026-11' })
    ).json()
    expect(again.sentence).toBe('Close November 2026: no show of it is left to close.')
    expect(again.statements.toMail).toEqual([])

    // A payout: previewed, refused as the command line refuses it, recorded, mailed.
    const payout = {
      comic: rosa.slug,
      amountCents: rosaOwed - 100,
      paidOn: '2026-12-01',
      reference: '7XK21',
      method: 'PayPal',
    }
    const check: PayoutPreview = (
      await consoleAction(t.app, signedIn, 'payouts.check', payout)
    ).json()
    expect(check).toMatchObject({
      sentence: `Record ${formatUsd(rosaOwed - 100)} to Rosa Delgado by PayPal, reference 7XK21, paid on 2026-12-01.`,
      stillOwedCents: rosaOwed,
      afterCents: 100,
      mailTo: 'rosa@example.com',
      refusal: null,
      forceable: false,
    })
    const cliCheck = await admin(t, [
      'comics',
      'payout',
      rosa.slug,
      '--amount',
      (payout.amountCents / 100).toFixed(2),
      '--date',
      payout.paidOn,
      '--reference',
      payout.reference,
      '--method',
      'PayPal',
      '--check',
    ])
    expect(cliCheck.log).toEqual([
      check.sentence,
      'Still owed after it: $1.00. Rosa Delgado would be mailed.',
    ])
    const recorded = await consoleAction(t.app, signedIn, 'payouts.record', payout)
    expect(recorded.json().stillOwedCents).toBe(100)
    expect(await outboxTo(t.db, 'rosa@example.com', 'comic-payout:')).toHaveLength(1)

    // The same reference again: the console's preview and refusal are the command line's words.
    const twice: PayoutPreview = (
      await consoleAction(t.app, signedIn, 'payouts.check', { ...payout, amountCents: 100 })
    ).json()
    expect(twice.forceable).toBe(true)
    expect(twice.refusal).toContain('with the reference "7XK21" was recorded already')
    const refused = await consoleAction(t.app, signedIn, 'payouts.record', {
      ...payout,
      amountCents: 100,
    })
    expect(refused.statusCode).toBe(409)
    expect(refused.json().message).toBe(twice.refusal)
    const cliRefused = await admin(t, [
      'comics',
      'payout',
      rosa.slug,
      '--amount',
      '1',
      '--date',
      payout.paidOn,
      '--reference',
      payout.reference,
    ])
    expect(cliRefused.code).toBe(1)
    expect(cliRefused.error.join(' ')).toContain(twice.refusal ?? 'a refusal')
    // More than owed: refused the same way; force, asked for on its own, records it.
    const over = { ...payout, reference: 'Bank 2', amountCents: 101 }
    const overCheck: PayoutPreview = (
      await consoleAction(t.app, signedIn, 'payouts.check', over)
    ).json()
    expect(overCheck.refusal).toBe(
      'That is more than Rosa Delgado is owed ($1.00): pass force to record it anyway.',
    )
    expect((await consoleAction(t.app, signedIn, 'payouts.record', over)).statusCode).toBe(400)
    const forcedCheck: PayoutPreview = (
      await consoleAction(t.app, signedIn, 'payouts.check', { ...over, force: true })
    ).json()
    expect(forcedCheck).toMatchObject({ refusal: null, afterCents: -1 })
    const forced = await consoleAction(t.app, signedIn, 'payouts.record', { ...over, force: true })
    expect(forced.json().stillOwedCents).toBe(-1)

    // Statements: one comic, then every comic with books; the preview says whom, the send does it.
    const oneCheck = (
      await consoleAction(t.app, signedIn, 'statements.send-check', { comic: sam.slug })
    ).json()
    expect(oneCheck.sentence).toBe('Mail Sam Okafor a link to their statement at sam@example.com.')
    const cliOne = await admin(t, ['comics', 'send-statements', sam.slug, '--check'])
    expect(cliOne.log).toEqual([oneCheck.sentence])
    const noAddress = await consoleAction(t.app, signedIn, 'statements.send', { comic: lee.slug })
    expect(noAddress.statusCode).toBe(400)
    expect(noAddress.json().message).toContain('Lee Park has no payout address')
    const allCheck = (await consoleAction(t.app, signedIn, 'statements.send-check')).json()
    expect(allCheck).toEqual({
      sentence:
        'Mail 2 comics a link to their statement (1 comic without a payout address will not be).',
      toMail: [
        { id: rosa.id, name: 'Rosa Delgado' },
        { id: sam.id, name: 'Sam Okafor' },
      ],
      withoutAddress: ['Lee Park'],
    })
    const cliAll = await admin(t, ['comics', 'send-statements', '--check'])
    expect(cliAll.log).toEqual([allCheck.sentence])
    const before = await outboxTo(t.db, 'sam@example.com', 'comic-statement-link:')
    const sent = (await consoleAction(t.app, signedIn, 'statements.send')).json()
    expect(sent).toEqual({ mailed: ['Rosa Delgado', 'Sam Okafor'], withoutAddress: ['Lee Park'] })
    expect(await outboxTo(t.db, 'sam@example.com', 'comic-statement-link:')).toHaveLength(
      before.length + 1,
    )
    expect(await outboxTo(t.db, 'rosa@example.com', 'comic-statement-link:')).toHaveLength(1)
    const audit = await admin(t, ['audit', 'list'])
    expect(audit.text).toContain('Mailed Sam Okafor a sign-in link to their statement')
  })

  test('a show not over is refused in the preview in the words of the close, and a month keeps it open', async () => {
    const signedIn = await signInToConsole(t.app, t.db, host)
    const rosa = await addComicWithPayout(t.db, 'Rosa Early', 'rosa.early@example.com')
    const show = await showWithSet(t, signedIn, 'Late Show', '2026-11-09T23:00:00Z', [rosa])
    t.clock.set('2026-11-10T00:00:00Z')
    const preview: ClosePreview = (
      await consoleAction(t.app, signedIn, 'settlements.close-check', { show })
    ).json()
    const close = await consoleAction(t.app, signedIn, 'settlements.close', { show })
    expect(close.statusCode).toBe(400)
    expect(preview.refusal).toBe(close.json().message)
    expect(preview.sentence).toBe(preview.refusal)
    const month: ClosePreview = (
      await consoleAction(t.app, signedIn, 'settlements.close-check', { month: '2026-11' })
    ).json()
    expect(month.leftOpen).toEqual([{ id: show, name: 'Late Show', why: preview.refusal }])
    expect(month.statements.held).toContain('2026-11 is not over yet')
    const cli = await admin(t, ['comics', 'settle', '--month', '2026-11', '--check'])
    expect(cli.log).toEqual([
      month.sentence,
      `Left open: ${preview.refusal}`,
      month.statements.held,
    ])
    t.clock.set('2026-11-10T03:00:00Z')
    const ready: ClosePreview = (
      await consoleAction(t.app, signedIn, 'settlements.close-check', { show })
    ).json()
    const done = (await consoleAction(t.app, signedIn, 'settlements.close', { show })).json()
    expect(ready.sentence).toBe(
      `Close Late Show: ${formatUsd(done.closed[0].comicsCents)} to 1 comic.`,
    )
    expect(ready.comicsCents).toBe(done.closed[0].comicsCents)
  })
})
