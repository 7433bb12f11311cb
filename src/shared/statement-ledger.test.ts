import { expect, test } from 'vitest'
import type { ComicStatement, StatementShow } from './comic-statement-api'
import {
  centsToDecimal,
  payoutSubject,
  readableDay,
  showItemLines,
  statementCsv,
  statementLedger,
  termsOfShows,
} from './statement-ledger'

const terms = { sharePercent: 70, memberBoostCents: 50, potRule: 'equal' } as const
const comic = { id: 'cmc_1', slug: 'ada', name: 'Ada' }

function show(overrides: Partial<StatementShow>): StatementShow {
  return {
    showId: 'evt_1',
    showName: 'Sunday',
    startsAt: '2026-11-02T01:00:00.000Z',
    closed: true,
    hadSet: true,
    codeBoosts: 5,
    memberBoosts: 2,
    anonymousBoosts: 0,
    creditedCents: 1599,
    codeCents: 1499,
    memberCents: 100,
    ownShareCents: 1119,
    potCents: 175,
    owedCents: 1294,
    terms,
    pot: { boosts: 5, creditedCents: 499, comicsCents: 349 },
    ...overrides,
  }
}

const statement: ComicStatement = {
  comic,
  month: '2026-11',
  shows: [
    show({ showId: 'evt_2', showName: '=HYPERLINK("x")', startsAt: '2026-11-09T01:00:00.000Z' }),
    show({}),
    show({
      showId: 'evt_3',
      showName: 'Open',
      closed: false,
      startsAt: '2026-11-20T01:00:00.000Z',
    }),
  ],
  adjustments: [],
  openingCents: 500,
  payouts: [
    {
      id: 1,
      comic,
      amountCents: 2000,
      paidOn: '2026-11-15',
      reference: 'Ref "A", 2',
      method: '',
      recordedAt: '2026-11-15T12:00:00.000Z',
    },
  ],
  owedCents: 2588,
  paidCents: 2000,
  balance: { owedCents: 3088, paidCents: 2000, stillOwedCents: 1088, pendingCents: 1294 },
}

test("a month's ledger brings forward what was owed, goes oldest first, leaves open shows out and ends on the period's balance", () => {
  const rows = statementLedger(statement)
  expect(rows.map((r) => [r.date, r.kind, r.cents, r.balanceCents])).toEqual([
    ['2026-11-01', 'Brought forward', 0, 500],
    ['2026-11-01', 'Boosts', 1119, 1619],
    ['2026-11-01', 'Pot share', 175, 1794],
    ['2026-11-08', 'Boosts', 1119, 2913],
    ['2026-11-08', 'Pot share', 175, 3088],
    ['2026-11-15', 'Payout', -2000, 1088],
  ])
  expect(rows.at(-1)?.balanceCents).toBe(
    statement.openingCents + statement.owedCents - statement.paidCents,
  )
})

test('the CSV quotes what must be quoted and never lets a spreadsheet read a cell as a formula', () => {
  const lines = statementCsv(statement).split('\r\n')
  expect(lines[0]).toBe('Date,Show,Kind,Description,Boosts,Amount,Balance')
  expect(lines[4]).toMatch(/^2026-11-08,"'=HYPERLINK\(""x""\)",Boosts,/)
  expect(lines[6]).toBe('2026-11-15,,Payout,"Sent, reference Ref ""A"", 2",,-20.00,10.88')
  expect(lines.at(-1)).toBe('')
})

test('amounts and days read as people write them', () => {
  expect([
    centsToDecimal(-210),
    centsToDecimal(5),
    centsToDecimal(0),
    centsToDecimal(123456),
  ]).toEqual(['-2.10', '0.05', '0.00', '1234.56'])
  expect(readableDay('2026-11-28')).toBe('Nov 28, 2026')
  expect(
    payoutSubject({
      amountCents: 4000,
      method: 'PayPal',
      paidOn: '2026-11-28',
      reference: '7XK21',
    }),
  ).toBe('Payout: $40.00 sent by PayPal on Nov 28, reference 7XK21')
})

test("a show's items end on what it owes, and terms that differ between shows are each named with their shows", () => {
  const lines = showItemLines(show({}))
  expect(lines.map((l) => l.cents)).toEqual([1499, 100, 1119, 175, 1294])
  expect(lines[3]?.label).toContain("the comics' 70%, $3.49, shared in equal shares")
  const groups = termsOfShows([
    show({}),
    show({ showName: 'Later', terms: { ...terms, sharePercent: 80 } }),
  ])
  expect(groups.map((g) => [g.terms.sharePercent, g.shows])).toEqual([
    [70, ['Sunday']],
    [80, ['Later']],
  ])
})
