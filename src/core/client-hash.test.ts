import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { testDatabases } from '#test/databases'
import { clientHasher, clientNetwork, clientWideNetwork, loadServerSecret } from './client-hash'
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

test('a client is its IPv4 address, or its IPv6 /64 however it is written', () => {
  expect(clientNetwork('203.0.113.7')).toBe('203.0.113.7')
  expect(clientNetwork('::ffff:203.0.113.7')).toBe('203.0.113.7')
  expect(clientNetwork('::ffff:cb00:7107')).toBe('203.0.113.7')
  const network = '2001:db8:85a3:42::/64'
  for (const address of [
    '2001:db8:85a3:42::1',
    '2001:0db8:85a3:0042:ffff:ffff:ffff:fffe',
    '2001:DB8:85A3:42:1234:5678:9abc:def0',
    '2001:db8:85a3:42::1%eth0',
    '2001:db8:85a3:42:0:0:192.0.2.1',
  ]) {
    expect(clientNetwork(address), address).toBe(network)
  }
  expect(clientNetwork('2001:db8:85a3:43::1')).not.toBe(network)
  expect(clientNetwork('::1')).toBe('0:0:0:0::/64')
  expect(clientNetwork('not an address')).toBe('not an address')
})

test('a wide network is an IPv4 /24 or an IPv6 /48, however the address is written', () => {
  expect(clientWideNetwork('203.0.113.7')).toBe('203.0.113.0/24')
  expect(clientWideNetwork('203.0.113.250')).toBe('203.0.113.0/24')
  expect(clientWideNetwork('::ffff:203.0.113.9')).toBe('203.0.113.0/24')
  expect(clientWideNetwork('203.0.114.7')).toBe('203.0.114.0/24')
  for (const address of [
    '2001:db8:85a3::1',
    '2001:db8:85a3:42::1',
    '2001:0db8:85a3:ffff:ffff:ffff:ffff:fffe',
    '2001:DB8:85A3:1:2:3:4:5%eth0',
  ]) {
    expect(clientWideNetwork(address), address).toBe('2001:db8:85a3::/48')
  }
  expect(clientWideNetwork('2001:db8:85a4::1')).toBe('2001:db8:85a4::/48')
  expect(clientWideNetwork('::1')).toBe('0:0:0::/48')
  expect(clientWideNetwork('not an address')).toBe('not an address')
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
