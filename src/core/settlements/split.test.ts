import { describe, expect, test } from 'vitest'
import { defaultSettlementTerms } from '../../shared/settlements'
import { type Credit, codeValues, largestRemainder, noCredit, splitShow } from './split'

const credit = (fields: Partial<Credit>): Credit => ({ ...noCredit(), ...fields })

describe('the rules of the money', () => {
  test('largest remainder splits a total in whole cents that add up, the odd cent to the largest remainders', () => {
    expect(largestRemainder(100, [1, 1, 1])).toEqual([34, 33, 33])
    expect(largestRemainder(4000, [4497, 499])).toEqual([3600, 400])
    expect(largestRemainder(0, [1, 2])).toEqual([0, 0])
    expect(largestRemainder(10, [0, 0])).toEqual([0, 0])
  })

  test('an FFR 10 paid $14.99 is worth 1499 cents; a discounted order shares what was paid over its lines, each code rounded down', () => {
    expect(codeValues(1499, [{ productId: 'ffr-10', listCents: 1499, quantity: 1 }])).toEqual(
      new Map([['ffr-10', 1499]]),
    )
    const discounted = codeValues(4000, [
      { productId: 'ffr-10', listCents: 4497, quantity: 3 },
      { productId: 'boosts-5', listCents: 499, quantity: 1 },
    ])
    expect(discounted).toEqual(
      new Map([
        ['ffr-10', 1200],
        ['boosts-5', 400],
      ]),
    )
    // A refund of everything leaves the codes worth nothing.
    expect(
      codeValues(0, [{ productId: 'ffr-10', listCents: 1499, quantity: 1 }]).get('ffr-10'),
    ).toBe(0)
  })

  test('each comic is owed the share of their own boosts rounded down plus their part of the pot; the club keeps the rest, to the cent', () => {
    const split = splitShow(
      {
        takenCents: 5000,
        valuedMemberBoosts: 3,
        comics: new Map([
          ['ann', credit({ codeBoosts: 5, codeCents: 1499 })],
          ['bo', credit({ memberBoosts: 3, valuedMemberBoosts: 3 })],
        ]),
        pot: credit({ codeBoosts: 5, codeCents: 1001 }),
        sharers: ['ann', 'bo', 'cy'],
      },
      { sharePercent: 70, memberBoostCents: 50, potRule: 'equal' },
    )
    // 1499 * 70% = 1049.3 -> 1049; 150 * 70% = 105; the pot 1001 * 70% = 700.7 -> 700, in three: 234, 233, 233.
    expect(split.lines.map((l) => [l.comicId, l.creditedCents, l.potCents, l.owedCents])).toEqual([
      ['ann', 1499, 234, 1283],
      ['bo', 150, 233, 338],
      ['cy', 0, 233, 233],
    ])
    expect(split.moneyCents).toBe(5150)
    expect(split.comicsCents + split.clubCents).toBe(split.moneyCents)
    expect(split.clubCents).toBe(5150 - 1283 - 338 - 233)
  })

  test("the pot by boosts follows what each earned on stage; with nobody to share it, the comics' share waits and the club keeps only its own", () => {
    const comics = new Map([
      ['ann', credit({ codeCents: 300 })],
      ['bo', credit({ codeCents: 100 })],
    ])
    const byBoosts = splitShow(
      {
        takenCents: 1400,
        valuedMemberBoosts: 0,
        comics,
        pot: credit({ codeCents: 1000 }),
        sharers: ['ann', 'bo'],
      },
      { ...defaultSettlementTerms, sharePercent: 100, potRule: 'by-boosts' },
    )
    expect(byBoosts.lines.map((l) => l.potCents)).toEqual([750, 250])
    const nobody = splitShow(
      {
        takenCents: 1000,
        valuedMemberBoosts: 0,
        comics: new Map(),
        pot: credit({ codeCents: 1000 }),
        sharers: [],
      },
      defaultSettlementTerms,
    )
    expect(nobody.lines).toEqual([])
    expect([nobody.pot.waitingCents, nobody.clubCents]).toEqual([700, 300])
  })

  test('whatever the amounts and terms, the lines and the club add up to the money', () => {
    let seed = 7
    const next = (max: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31
      return seed % max
    }
    for (let round = 0; round < 300; round++) {
      const comics = new Map<string, Credit>()
      let credited = 0
      for (let i = 0; i < next(5); i++) {
        const cents = next(5000)
        credited += cents
        comics.set(`c${i}`, credit({ codeCents: cents, valuedMemberBoosts: next(20) }))
      }
      const potCents = next(3000)
      const members = [...comics.values()].reduce((s, c) => s + c.valuedMemberBoosts, 0)
      const split = splitShow(
        {
          takenCents: credited + potCents + next(2000),
          valuedMemberBoosts: members,
          comics,
          pot: credit({ codeCents: potCents }),
          sharers: [...comics.keys()],
        },
        {
          sharePercent: next(101),
          memberBoostCents: next(200),
          potRule: next(2) ? 'equal' : 'by-boosts',
        },
      )
      expect(
        split.lines.reduce((s, l) => s + l.owedCents, 0) + split.clubCents + split.pot.waitingCents,
      ).toBe(split.moneyCents)
      expect(split.clubCents).toBeGreaterThanOrEqual(0)
    }
  })
})
