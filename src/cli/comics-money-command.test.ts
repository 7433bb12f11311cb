import { describe, expect, test } from 'vitest'
import { runAdminCommand as admin } from '#test/admin'
import { testDatabases } from '#test/databases'
import { insertSet, insertShowOrder, redeemAtSet } from '#test/settlements'
import { testPublicUrl, withTestApp } from '#test/test-app'
import type { ComicStatement } from '../shared/settlements'
import { dollarsToCents, parseComicsMoneyCommand } from './comics-money-command'

test('the comics money commands are read strictly, before anything is touched', () => {
  expect(parseComicsMoneyCommand([])).toEqual({ kind: 'help' })
  expect(parseComicsMoneyCommand(['statement', 'sam', '--month', '2026-11', '--json'])).toEqual({
    kind: 'statement',
    comic: 'sam',
    month: '2026-11',
    json: true,
  })
  expect(parseComicsMoneyCommand(['settle', '--month', '2026-11'])).toEqual({
    kind: 'settle',
    month: '2026-11',
    check: false,
  })
  expect(parseComicsMoneyCommand(['send-statements', '--check'])).toEqual({
    kind: 'send-statements',
    check: true,
  })
  expect(() => parseComicsMoneyCommand(['send-statements', 'a', 'b'])).toThrow(
    'comics send-statements takes one comic, or none.',
  )
  expect(
    parseComicsMoneyCommand([
      'payout',
      'sam',
      '--amount',
      '25.5',
      '--date',
      '2026-11-30',
      '--reference',
      'PP-1',
    ]),
  ).toEqual({
    kind: 'payout',
    comic: 'sam',
    amountCents: 2550,
    paidOn: '2026-11-30',
    reference: 'PP-1',
    force: false,
    check: false,
  })
  expect(
    parseComicsMoneyCommand([
      'settings',
      '--share',
      '65%',
      '--member-boost',
      '0.40',
      '--pot',
      'by-boosts',
    ]),
  ).toEqual({
    kind: 'settings',
    sharePercent: 65,
    memberBoostCents: 40,
    potRule: 'by-boosts',
  })
  expect(() => parseComicsMoneyCommand(['statement', 'sam', '--month', '2026-13'])).toThrow(
    'Bad --month "2026-13"',
  )
  expect(() => parseComicsMoneyCommand(['payout', 'sam', '--amount', '1.234'])).toThrow(
    '--amount in dollars',
  )
  expect(() => parseComicsMoneyCommand(['settings', '--share', '101'])).toThrow('Bad --share "101"')
  expect(() => parseComicsMoneyCommand(['settings', '--pot', 'loudest'])).toThrow(
    'Bad --pot "loudest"',
  )
  expect(() => parseComicsMoneyCommand(['statement'])).toThrow('comics statement takes one comic')
  expect(() => parseComicsMoneyCommand(['pay', 'sam'])).toThrow('Unknown command "comics pay"')
  expect(dollarsToCents('$14.99')).toBe(1499)
  expect(dollarsToCents('3')).toBe(300)
})

describe.each(testDatabases)('comics money commands on $name', (database) => {
  const t = withTestApp(database, { now: '2026-11-22T21:00:00Z' })

  test('a show is settled, a comic reads their statement, a payout is recorded and a link printed', async () => {
    const show = (
      await admin(t, ['events', 'add', '--name', 'Cli Show', '--start', '2026-11-22 16:00'])
    ).log.join(' ')
    const showId = /(evt-\w+)/.exec(show)?.[1] ?? ''
    const { db } = t
    const comic = await db
      .insertInto('comics')
      .values({
        id: 'cmc-clitest1',
        slug: 'sam-cli',
        name: 'Sam Cli',
        payout_email: 'sam.cli@example.com',
        created_at: new Date(),
        updated_at: new Date(),
      })
      .returningAll()
      .executeTakeFirstOrThrow()
    const setId = await insertSet(db, {
      showId,
      comicId: comic.id,
      from: new Date('2026-11-22T22:05:00Z'),
      to: null,
    })
    const order = await insertShowOrder(db, {
      showId,
      lines: [['ffr-10', 1]],
      at: new Date('2026-11-22T21:00:00Z'),
    })
    await redeemAtSet(db, {
      code: order.codes[0]?.code ?? '',
      setId,
      at: new Date('2026-11-22T22:10:00Z'),
    })

    expect((await admin(t, ['comics', 'settings', '--share', '60'])).log).toEqual([
      "Comics' share: 60%",
      'A member boost is worth: $0.50',
      'The pot (boosts while nobody is on stage): equal',
    ])
    t.clock.set('2026-11-23T00:30:00Z')
    const early = await admin(t, ['comics', 'settle', showId])
    expect(early.code).toBe(1)
    expect(early.error[0]).toContain('is not over yet')
    t.clock.set('2026-11-23T03:00:00Z')
    const settled = await admin(t, ['comics', 'settle', showId])
    expect(settled.code).toBe(0)
    // 1499 x 60% = 899.4 -> 899 to Sam; 600 to the club.
    expect(settled.log).toContain(
      '  Sam Cli: 5 boosts (5 show codes, 0 member, 0 anonymous), worth $14.99; pot share $0.00; owed $8.99',
    )
    expect(settled.log.at(-1)).toBe('  comics $8.99 + club $6.00 = $14.99')

    const paid = await admin(t, [
      'comics',
      'payout',
      'sam-cli',
      '--amount',
      '5',
      '--date',
      '2026-11-30',
      '--reference',
      'PayPal 9Z',
    ])
    expect(paid.log).toEqual([
      'Recorded $5.00 paid to Sam Cli on 2026-11-30 (PayPal 9Z). Still owed: $3.99.',
      'Sam Cli is mailed: "Payout: $5.00 sent on Nov 30, reference PayPal 9Z".',
    ])
    const statement = await admin(t, ['comics', 'statement', 'sam-cli', '--month', '2026-11'])
    expect(statement.log).toContain('  Still owed: $3.99')
    const json: ComicStatement = JSON.parse(
      (await admin(t, ['comics', 'statement', comic.id, '--json'])).text,
    )
    expect(json.balance).toEqual({
      owedCents: 899,
      paidCents: 500,
      stillOwedCents: 399,
      pendingCents: 0,
    })

    const link = await admin(t, ['comics', 'link', 'sam-cli', '--print'], {
      publicUrl: testPublicUrl,
    })
    expect(link.log[0]).toMatch(new RegExp(`^${testPublicUrl}/statement/sign-in#[\\w-]{40,}$`))
    const audit = await admin(t, ['audit', 'list'])
    expect(audit.text).toContain('Recorded a payout of $5.00 to Sam Cli')
  })
})
