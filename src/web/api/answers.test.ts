import { expect, test } from 'vitest'
import { readCheckoutResponse, readMessage } from './answers'
import { readSessionResponse } from './session-answer'

const session = {
  id: 'cs_1',
  codes: [{ code: 'ABCDE-FGHJK', description: 'FFR 10' }],
  show: { name: 'Sunday Stand-Up', startsAt: '2026-11-22T22:00:00.000Z' },
}

test('a checkout answer needs a non-empty id and url, and keeps only them', () => {
  expect(readCheckoutResponse({ id: 'cs_1', url: 'https://pay', extra: 1 })).toEqual({
    id: 'cs_1',
    url: 'https://pay',
  })
  for (const bad of [null, {}, { id: 'cs_1' }, { id: '', url: 'x' }, { id: 1, url: 'x' }, ['x']]) {
    expect(readCheckoutResponse(bad)).toBeUndefined()
  }
})

test('a session answer needs at least one code and its show', () => {
  expect(readSessionResponse({ ...session, secret: 'no' })).toEqual(session)
  for (const bad of [
    { ...session, codes: [] },
    { ...session, codes: [{ code: '', description: 'x' }] },
    { ...session, codes: [{ code: 'A' }] },
    { ...session, show: { name: 'x' } },
    { ...session, id: undefined },
    'codes',
  ]) {
    expect(readSessionResponse(bad)).toBeUndefined()
  }
})

test('a message answer is { message: string }', () => {
  expect(readMessage({ message: 'Sent.' })).toBe('Sent.')
  expect(readMessage({ message: 3 })).toBeUndefined()
  expect(readMessage(null)).toBeUndefined()
})
