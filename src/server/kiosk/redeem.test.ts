import { expect, test } from 'vitest'
import { catalogue } from '../../shared/catalogue'
import { grantedMessage } from './redeem'

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
