import { expect, test } from 'vitest'
import { answerOf, readMessage, readPaymentPage, readRefusal } from './answer-readers'
import { readSessionResponse } from './get-session'

const session = {
  id: 'cs_1',
  codes: [{ code: 'ABCDE-FGHJK', description: 'FFR 10' }],
  show: { name: 'Sunday Stand-Up', startsAt: '2026-11-22T22:00:00.000Z' },
}

test('a checkout answer needs a non-empty id and url, and keeps only them', async () => {
  const read = answerOf((s) => s.CheckoutResponseSchema)
  expect(await read({ id: 'cs_1', url: 'https://pay', extra: 1 })).toEqual({
    id: 'cs_1',
    url: 'https://pay',
  })
  for (const bad of [null, {}, { id: 'cs_1' }, { id: '', url: 'x' }, { id: 1, url: 'x' }, ['x']]) {
    expect(await read(bad)).toBeUndefined()
  }
})

test('a session answer needs at least one code and its show; a state it does not know is left out', async () => {
  expect(await readSessionResponse({ ...session, secret: 'no' })).toEqual(session)
  const unknownState = { code: 'ABCDE-FGHJK', description: 'FFR 10', state: 'melted' }
  expect(await readSessionResponse({ ...session, codes: [unknownState] })).toEqual(session)
  for (const bad of [
    { ...session, codes: [] },
    { ...session, codes: [{ code: '', description: 'x' }] },
    { ...session, codes: [{ code: 'A' }] },
    { ...session, show: { name: 'x' } },
    { ...session, id: undefined },
    'codes',
  ]) {
    expect(await readSessionResponse(bad)).toBeUndefined()
  }
})

test('a message answer is { message } with a sentence in it', async () => {
  expect(await readMessage({ message: 'Sent.' })).toBe('Sent.')
  for (const bad of [{ message: 3 }, { message: '' }, null]) {
    expect(await readMessage(bad)).toBeUndefined()
  }
})

test("a refusal's advice is kept when it is known, and left out when not", async () => {
  expect(await readRefusal({ message: 'No.', advice: 'force' })).toEqual({
    message: 'No.',
    advice: 'force',
  })
  expect(await readRefusal({ message: 'No.', advice: 'shout' })).toEqual({ message: 'No.' })
  expect(await readRefusal({ advice: 'force' })).toBeUndefined()
})

test('a payment page answer is a non-empty url', async () => {
  expect(await readPaymentPage({ url: 'https://pay' })).toEqual({ url: 'https://pay' })
  expect(await readPaymentPage({ url: '' })).toBeUndefined()
})
