import fs from 'node:fs'
import { expect, test } from 'vitest'
import { catalogue, findProduct } from '../../shared/catalogue'
import { grantedMessage, invalidAnswer, type KioskAnswer, messages, redeemStatuses } from './redeem'

test('every product says what it granted in one line of at most 100 characters', () => {
  for (const product of catalogue) {
    for (const anonymous of [false, true]) {
      const message = grantedMessage(product, anonymous)
      expect(message.length, message).toBeLessThanOrEqual(100)
      expect(message, message).toContain(`+${product.boosts} boosts`)
      expect(message.includes('anonymous'), message).toBe(anonymous)
    }
  }
})

test("docs/kiosk.md's example answers are the server's: every field, every message", () => {
  const doc = fs.readFileSync('docs/kiosk.md', 'utf8')
  const examples = [...doc.matchAll(/```json\n([\s\S]*?)```/g)]
    .map((match) => JSON.parse(match[1] ?? '') as Record<string, unknown>)
    .filter((json) => typeof json.status === 'string') as unknown as KioskAnswer[]
  expect(new Set(examples.map((example) => example.status))).toEqual(new Set(redeemStatuses))
  const fixed: string[] = Object.values(messages).filter((m) => typeof m === 'string')
  for (const example of examples) {
    expect(Object.keys(example)).toEqual(Object.keys(invalidAnswer))
    const product = findProduct(example.product)
    const possible = [
      ...fixed,
      messages.rateLimited(10),
      ...(product ? [grantedMessage(product, example.anonymous)] : []),
    ]
    expect(possible, example.message).toContain(example.message)
    if (example.boosts > 0) {
      expect(example.boosts).toBe(product?.boosts)
      expect(example.perks).toBe(product?.perks.join(','))
      expect(example.redemption).toMatch(/^[\w-]{12}$/)
    } else {
      expect(example.redemption).toBe('')
    }
  }
})
