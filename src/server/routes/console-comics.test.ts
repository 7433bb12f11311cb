import { describe, expect, test } from 'vitest'
import { addComicWithPayout } from '#test/comic-statement'
import { consoleAction, signInToConsole } from '#test/console'
import { testDatabases } from '#test/databases'
import { insertSet, insertShowOrder, redeemAtSet } from '#test/settlements'
import { withTestApp } from '#test/test-app'
import { consoleApi } from '../../shared/console'

const host = 'host.comics@example.com'

describe.each(testDatabases)("the console's comics report on $name", (database) => {
  const t = withTestApp(database, { now: '2026-11-23T04:00:00Z', adminEmails: [host] })

  test('per comic per show and per month, as tables, CSV files and a chart; closing and payouts through the console', async () => {
    const signedIn = await signInToConsole(t.app, t.db, host)
    const { event } = (
      await consoleAction(t.app, signedIn, 'events.add', {
        name: '=Formula Night',
        startsAt: '2026-11-22T22:00:00Z',
      })
    ).json()
    const comic = await addComicWithPayout(t.db, 'Dee, Report', 'dee@example.com')
    const set = await insertSet(t.db, {
      showId: event.id,
      comicId: comic.id,
      from: new Date('2026-11-22T22:05:00Z'),
      to: new Date('2026-11-22T22:30:00Z'),
    })
    const order = await insertShowOrder(t.db, {
      showId: event.id,
      lines: [['ffr-10', 1]],
      at: new Date('2026-11-22T21:00:00Z'),
    })
    await redeemAtSet(t.db, {
      code: order.codes[0]?.code ?? '',
      setId: set,
      at: new Date('2026-11-22T22:10:00Z'),
      anonymous: true,
    })

    const rows = (await consoleAction(t.app, signedIn, 'comics.report', { by: 'show' })).json()
    expect(rows).toMatchObject([
      {
        label: '=Formula Night',
        comic: { name: 'Dee, Report' },
        anonymousBoosts: 5,
        owedCents: 1049,
        closed: false,
      },
    ])
    const closed = await consoleAction(t.app, signedIn, 'settlements.close', { show: event.id })
    expect(closed.statusCode).toBe(200)
    const paid = await consoleAction(t.app, signedIn, 'payouts.record', {
      comic: comic.slug,
      amountCents: 1049,
      paidOn: '2026-11-24',
      reference: 'Bank 42',
    })
    expect(paid.json().stillOwedCents).toBe(0)

    const csv = await t.app.inject({
      url: `${consoleApi.comicsCsv}?by=show`,
      headers: { cookie: signedIn.cookie },
    })
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(csv.headers['content-disposition']).toBe('attachment; filename="comics-by-show.csv"')
    expect(csv.body.split('\r\n').slice(0, 2)).toEqual([
      'show_id,show,comic_id,comic,show_code_boosts,member_boosts,anonymous_boosts,credited_usd,owed_usd,closed',
      `${event.id},'=Formula Night,${comic.id},"Dee, Report",5,0,5,14.99,10.49,yes`,
    ])
    const months = await t.app.inject({
      url: `${consoleApi.comicsCsv}?by=month`,
      headers: { cookie: signedIn.cookie },
    })
    expect(months.body.split('\r\n')[1]).toBe(
      `2026-11,2026-11,${comic.id},"Dee, Report",5,0,5,14.99,10.49,yes`,
    )
    const svg = await t.app.inject({
      url: `${consoleApi.comicsChart}?months=3`,
      headers: { cookie: signedIn.cookie },
    })
    expect(svg.headers['content-type']).toBe('image/svg+xml; charset=utf-8')
    expect(svg.body).toContain('<title id="t">Owed to each comic</title>')
    expect(svg.body).toContain('Dee, Report: $10.49 owed, 5 boosts')
    // Without the console's session: nothing.
    expect((await t.app.inject({ url: `${consoleApi.comicsCsv}?by=show` })).statusCode).toBe(401)
  })
})
