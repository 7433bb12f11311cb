import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { testDatabases } from '#test/test-app'
import { clientHasher, loadServerSecret } from './client-hash'
import type { Db } from './db/schema'

test('a client hash is stable for one key, differs between keys and is not a plain hash', () => {
  const hash = clientHasher('a'.repeat(32))
  const other = clientHasher('b'.repeat(32))
  expect(hash('203.0.113.7')).toBe(hash('203.0.113.7'))
  expect(hash('203.0.113.7')).toMatch(/^[\w-]{22}$/)
  expect(hash('203.0.113.7')).not.toBe(hash('203.0.113.8'))
  expect(hash('203.0.113.7')).not.toBe(other('203.0.113.7'))
  const unsalted = createHash('sha256').update('203.0.113.7').digest('base64url').slice(0, 22)
  expect(hash('203.0.113.7')).not.toBe(unsalted)
})

describe.each(testDatabases)('$name', (database) => {
  let db: Db
  let close: () => Promise<void>
  beforeAll(async () => {
    ;({ db, close } = await database.open())
  })
  afterAll(() => close())

  test('without SERVER_SECRET one secret is made once and every process reads the same', async () => {
    const first = await loadServerSecret(db, undefined)
    const again = await Promise.all([
      loadServerSecret(db, undefined),
      loadServerSecret(db, undefined),
    ])
    expect(first.length).toBeGreaterThanOrEqual(32)
    expect(again).toEqual([first, first])
  })

  test('SERVER_SECRET wins over the stored one', async () => {
    expect(await loadServerSecret(db, 'x'.repeat(40))).toBe('x'.repeat(40))
  })
})
