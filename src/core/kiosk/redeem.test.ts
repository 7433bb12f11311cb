import fs from 'node:fs'
import { expect, test } from 'vitest'
import { perkMismatches } from '#test/catalogue-facts'
import { catalogue, findProduct } from '../../shared/catalogue'
import { isTierId, tierIds, tierRules } from '../../shared/memberships'
import { type KioskAnswer, redeemStatuses } from './kiosk-answer'
import { grantedMessage, memberGrantedMessage, memberMessages, messages } from './kiosk-texts'
import { invalidAnswer } from './redeem'

test('every product says what it granted in one line of at most 100 characters', () => {
  for (const product of catalogue) {
    for (const anonymous of [false, true]) {
      const message = grantedMessage(product, anonymous)
      expect(message.length, message).toBeLessThanOrEqual(100)
      expect(message, message).toMatch(new RegExp(`^\\+${product.boosts} (anonymous )?boosts `))
      expect(message.includes('anonymous'), message).toBe(anonymous)
      expect(perkMismatches(product.perks, message), message).toEqual([])
    }
  }
})

test("a grant names the comic on stage; a name too long for the line is cut, and with nobody on stage it is for tonight's comics", () => {
  const ffr50 = findProduct('ffr-50')
  if (!ffr50) throw new Error('no FFR 50')
  expect(grantedMessage(ffr50, false, 'Sam')).toBe(
    "+25 boosts for Sam! VIP perks unlocked! You're on the donor wall.",
  )
  expect(grantedMessage(ffr50, true, 'Sam')).toBe(
    "+25 boosts for Sam, from an anonymous fan! VIP perks unlocked! You're on the donor wall.",
  )
  expect(grantedMessage(ffr50, false, '')).toBe(
    "+25 boosts for tonight's comics! VIP perks unlocked! You're on the donor wall.",
  )
  expect(grantedMessage(ffr50, true, '')).toBe(
    "+25 anonymous boosts for tonight's comics! VIP perks unlocked! You're on the donor wall.",
  )
  expect(memberGrantedMessage('membership-3', 20, false, 180, '')).toBe(
    "+20 boosts for tonight's comics! Line jump and VIP on! 180 left this month.",
  )
  expect(memberGrantedMessage('membership-3', 20, false, 180, 'Sam')).toBe(
    '+20 boosts for Sam! Line jump and VIP on! 180 left this month.',
  )
  const long = 'Bartholomew Alexander Fitzgerald-Montgomery of Westminster J'
  expect(long).toHaveLength(60)
  for (const product of catalogue) {
    for (const anonymous of [false, true]) {
      const message = grantedMessage(product, anonymous, long)
      expect(message.length, message).toBeLessThanOrEqual(100)
      expect(message, message).toMatch(/ for (Bartholomew[^!]*( J|…)|the comic)[,!]/)
    }
  }
  for (const tier of tierIds) {
    for (const anonymous of [false, true]) {
      const message = memberGrantedMessage(tier, 20, anonymous, 180, long)
      expect(message.length, message).toBeLessThanOrEqual(100)
    }
  }
  expect(grantedMessage(ffr50, false, long)).toBe(
    "+25 boosts for Bartholomew Alexander Fitzgerald-Mont…! VIP perks unlocked! You're on the donor wall.",
  )
})

test("docs/kiosk.md's example answers are the server's: every field, every message", () => {
  const doc = fs.readFileSync('docs/kiosk.md', 'utf8')
  const examples = [...doc.matchAll(/```json\n([\s\S]*?)```/g)]
    .map((match) => JSON.parse(match[1] ?? '') as Record<string, unknown>)
    .filter((json) => typeof json.status === 'string') as unknown as KioskAnswer[]
  expect(new Set(examples.map((example) => example.status))).toEqual(new Set(redeemStatuses))
  const fixed: string[] = [
    ...Object.values(messages).filter((m) => typeof m === 'string'),
    ...Object.values(memberMessages),
  ]
  for (const example of examples) {
    expect(Object.keys(example)).toEqual(Object.keys(invalidAnswer))
    const product = findProduct(example.product)
    const possible = [
      ...fixed,
      messages.rateLimited(10),
      ...(product && !isTierId(product.id)
        ? [grantedMessage(product, example.anonymous, example.comic)]
        : []),
      ...(isTierId(example.product)
        ? [
            memberGrantedMessage(
              example.product,
              example.boosts,
              example.anonymous,
              example.left,
              example.comic,
            ),
          ]
        : []),
    ]
    expect(possible, example.message).toContain(example.message)
    expect(example.message.length, example.message).toBeLessThanOrEqual(100)
    if (isTierId(example.product)) {
      const rules = tierRules[example.product]
      expect(example.boosts).toBeLessThanOrEqual(rules.boostsPerShow)
      expect(example.left).toBeLessThanOrEqual(rules.monthlyBoosts)
      expect(example.yours).toBe(false)
      if (example.boosts > 0) expect(example.perks).toBe(rules.perks.join(','))
      expect(example.redemption === '').toBe(example.boosts === 0)
    } else if (example.boosts > 0) {
      expect(example.boosts).toBe(product?.boosts)
      expect(example.perks).toBe(product?.perks.join(','))
      expect(example.redemption).toMatch(/^[\w-]{12}$/)
    } else {
      expect(example.redemption).toBe('')
    }
  }
})

test('every tier says what a member code granted in one line of at most 100 characters', () => {
  for (const tier of tierIds) {
    const { boostsPerShow, monthlyBoosts } = tierRules[tier]
    for (const anonymous of [false, true]) {
      for (const left of [0, 1, monthlyBoosts - boostsPerShow]) {
        const message = memberGrantedMessage(tier, boostsPerShow, anonymous, left)
        expect(message.length, message).toBeLessThanOrEqual(100)
        expect(message, message).toMatch(new RegExp(`^\\+${boostsPerShow} (anonymous )?boosts `))
        expect(message.includes('anonymous'), message).toBe(anonymous)
        expect(perkMismatches(tierRules[tier].perks, message), message).toEqual([])
      }
    }
  }
  for (const message of Object.values(memberMessages)) {
    expect(message.length, message).toBeLessThanOrEqual(100)
  }
})
