import { createHmac, randomBytes } from 'node:crypto'
import { isIPv4, isIPv6 } from 'node:net'
import type { Db } from './db/schema'

/** Turns a client's address into a stable token that cannot be turned back into the address. */
export type HashClient = (address: string) => string

/**
 * A keyed hash (HMAC-SHA-256) of a client address. Without the key, the ~4 billion IPv4
 * addresses could be hashed in minutes and the token reversed; with it, the token only says
 * "the same client as before". 22 base64url characters: 132 bits.
 */
export function clientHasher(secret: string): HashClient {
  return (address) => createHmac('sha256', secret).update(address).digest('base64url').slice(0, 22)
}

/**
 * The network a client address stands for, as rate limits and the kiosk count clients: an IPv4
 * address as it is, and an IPv6 address by its /64, because one home or phone is handed a whole
 * /64 and can take a new address in it for every request. An IPv4 address written as IPv6
 * (`::ffff:203.0.113.7`) is the IPv4 address.
 */
export function clientNetwork(address: string): string {
  if (!isIPv6(address)) return address
  const hextets = expandIPv6(address.replace(/%.*$/, ''))
  const mapped = hextets.slice(0, 6).join(':') === '0:0:0:0:0:ffff'
  if (mapped) {
    const [high = 0, low = 0] = hextets.slice(6).map((h) => Number.parseInt(h, 16))
    const ipv4 = `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`
    if (isIPv4(ipv4)) return ipv4
  }
  return `${hextets.slice(0, 4).join(':')}::/64`
}

/**
 * The wider network a client address belongs to, as the stage stream shares its pool: an IPv4
 * address by its /24 and an IPv6 address by its /48 (a site's usual allocation), because one
 * holder of such a network can use any address in it. An IPv4 address written as IPv6 is IPv4.
 */
export function clientWideNetwork(address: string): string {
  const network = clientNetwork(address)
  if (isIPv4(network)) return `${network.split('.').slice(0, 3).join('.')}.0/24`
  if (!network.endsWith('::/64')) return network
  return `${network.split(':').slice(0, 3).join(':')}::/48`
}

/** "2001:db8::1" as its eight hextets, without leading zeros: ["2001", "db8", "0", ... "1"]. */
function expandIPv6(address: string): string[] {
  const toHextets = (part: string) =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [group]
          // An IPv4 tail ("::ffff:1.2.3.4") is the last two hextets.
          const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number)
          return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)]
        })
  const [head = '', tail] = address.split('::')
  const first = toHextets(head)
  const last = tail === undefined ? [] : toHextets(tail)
  const zeros = Array<string>(Math.max(0, 8 - first.length - last.length)).fill('0')
  return [...first, ...zeros, ...last].map((h) => Number.parseInt(h, 16).toString(16))
}

/**
 * The key of the client hashes: SERVER_SECRET when set, else one made on first start and kept in
 * the database, so every process (and every restart) hashes a client the same way.
 */
export async function loadServerSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured
  await db
    .insertInto('server_settings')
    .values({ name: 'server_secret', value: randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute()
  const row = await db
    .selectFrom('server_settings')
    .select('value')
    .where('name', '=', 'server_secret')
    .executeTakeFirstOrThrow()
  return row.value
}
