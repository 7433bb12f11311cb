import { expect, test } from 'vitest'
import { jokeLength, jokeLimitSentence, jokesLeftSentence, jokeTransitionRefused } from './jokes'

test('a joke is as long as a person counts it: an emoji is one character', () => {
  expect(jokeLength('Ha! 😂')).toBe(5)
  expect('😂'.length).toBe(2)
  expect(jokeLength('')).toBe(0)
})

test("the limit names the tier's number and when it refills", () => {
  expect(jokeLimitSentence('membership-2', new Date('2026-12-20T22:00:00Z'))).toBe(
    'Your membership includes 2 custom jokes a month, and you have sent them all: more on Sun, Dec 20, 4:00 PM CT, when it renews.',
  )
  expect(jokeLimitSentence('membership-1', null)).toBe(
    'Your membership includes 1 custom joke a month, and you have sent them all for this month.',
  )
  expect(jokesLeftSentence('membership-3', 2)).toBe('2 of 5 custom jokes left this month.')
  expect(jokeTransitionRefused('performed', 'declined')).toBe(
    'This joke is performed: it cannot be marked declined.',
  )
})
