import { expect, test } from 'vitest'
import { texts } from './texts'

// The spec's "Failed to initiate checkout: {message}. Please try again." around whatever the
// server said: one sentence's end, never "..", and "try again" once.

test.each([
  ['Memberships are coming soon.', 'Memberships are coming soon'],
  [
    'Prices have changed, please refresh the store',
    'Prices have changed, please refresh the store',
  ],
  [texts.unreachable, 'Could not reach the site: check your internet connection'],
])('"%s" gets the spec\'s sentence around it, ending once', (message, said) => {
  const sentence = texts.checkoutFailed(message)
  expect(sentence).toBe(`Failed to initiate checkout: ${said}. Please try again.`)
  expect(sentence).not.toContain('..')
})

test.each([
  'The payment service is not answering right now. Please try again in a moment.',
  'Too many checkouts from your connection. Please wait a few minutes and try again.',
])('"%s" already asks to try again: said once', (message) => {
  const sentence = texts.checkoutFailed(message)
  expect(sentence).toBe(`Failed to initiate checkout: ${message}`)
  expect(sentence.match(/try again/g)).toHaveLength(1)
})
