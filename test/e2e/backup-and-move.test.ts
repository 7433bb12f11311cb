/**
 * A club on the embedded default, backed up while it sells and redeems, restored, then moved to
 * PostgreSQL and served by two processes (docs/deploy.md, "Backups and restore" and "Growing: from
 * the embedded database to PostgreSQL"): every code answers the same, nothing paid is missing.
 */
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, expect, test } from 'vitest'
import { createPostgresDatabase, type PostgresDatabase, seedPgliteDataDir } from '#test/databases'
import { buyOverHttp, randomClient } from '#test/http-store'
import { insertMemberGrant, insertMembership, testPeriod } from '#test/memberships'
import { type RunningServer, startServer } from '#test/server'
import { builtAdmin } from '../../scripts/built-server'
import { openDatabase } from '../../src/server/adapters/db/database'

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'punchline-move-'))
const dataDir = path.join(work, 'data')
const servers: RunningServer[] = []
let target: PostgresDatabase | undefined
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()))
  await target?.drop()
  fs.rmSync(work, { recursive: true, force: true })
})

/** Behind one proxy hop, so each fan and each kiosk visit is a client of its own. */
const env = {
  LOCAL_PAYMENT_DELAY_MS: '0',
  TRUST_PROXY_HOPS: '1',
  ALLOW_TEST_CHECKOUT: 'true',
  ADMIN_EMAILS: 'host@example.com',
}

async function start(extra: Record<string, string>, dir: string): Promise<RunningServer> {
  const server = await startServer({ ...env, ...extra }, { dataDir: dir })
  servers.push(server)
  return server
}

/** `npm run admin -- ...` as the host types it (its build), in its own process. */
async function admin(args: string[], extra: Record<string, string> = {}) {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [...builtAdmin, ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', ...extra },
    })
    return { code: 0, out: stdout }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, out: failed.stdout + failed.stderr }
  }
}

async function json<T>(args: string[], extra: Record<string, string> = {}): Promise<T> {
  const run = await admin([...args, '--json'], extra)
  expect(run.code, run.out).toBe(0)
  return JSON.parse(run.out) as T
}

async function kiosk(server: RunningServer, code: string): Promise<string> {
  const response = await fetch(`${server.url}/k/${code}`, {
    headers: { 'x-forwarded-for': randomClient() },
  })
  expect(response.status).toBe(200)
  return ((await response.json()) as { status: string }).status
}

/** What get-session answers for a checkout: its codes once paid and fulfilled, else the status. */
async function sessionCodes(server: RunningServer, sessionId: string): Promise<string[] | number> {
  const response = await fetch(`${server.url}/api/get-session?session_id=${sessionId}`, {
    headers: { 'x-forwarded-for': randomClient() },
  })
  if (response.status !== 200) return response.status
  return ((await response.json()) as { codes: { code: string }[] }).codes.map((c) => c.code)
}

/** A fan with an address: the codes mail (and the refund's) go to the outbox. */
const fan = () => ({ client: randomClient(), email: 'fan@example.com' })

interface Order {
  id: string
  status: string
  codes: { code: string; state: string }[]
}
const orderOf = (orders: Order[], code: string) =>
  orders.find((order) => order.codes.some((c) => c.code === code))

test('backed up while it sells, restored, moved to PostgreSQL: every code answers the same', async () => {
  // A member with boosts granted at a show, written before the club's first start.
  fs.mkdirSync(dataDir, { mode: 0o700 })
  await seedPgliteDataDir(dataDir)
  const seed = await openDatabase({ dataDir })
  const member = await insertMembership(seed, { email: 'member@example.com' })
  await insertMemberGrant(seed, {
    membershipId: member.id,
    showId: 'show-seeded',
    periodStart: testPeriod.start,
    boosts: 1,
    at: new Date(),
  })
  await seed.destroy()
  const live = await start({}, dataDir)

  // Sold, redeemed, refunded (voided) and unused codes; the refund writes audit entries and mail.
  const redeemedOrder = await buyOverHttp(live.url, [['ffr-10', 2]], fan())
  const refundedOrder = await buyOverHttp(live.url, [['boosts-5', 2]], fan())
  const unusedOrder = await buyOverHttp(live.url, [['ffr-25', 2]], fan())
  const streamOrder = await buyOverHttp(live.url, [['ffr-10', 50]], { client: randomClient() })
  const [redeemed, redeemedToo] = redeemedOrder.codes as [string, string]
  expect(await kiosk(live, redeemed)).toBe('redeemed')
  const before = await json<Order[]>(['orders', 'list'])
  const refund = await admin([
    'orders',
    'refund',
    orderOf(before, refundedOrder.codes[0] ?? '')?.id ?? '',
    '--yes',
  ])
  expect(refund.code, refund.out).toBe(0)

  // The backup, through the running server's channel, during 50 redemptions and 10 purchases.
  const backupFile = path.join(work, 'live.tar.gz')
  const stream = Promise.all([
    ...streamOrder.codes.map((code) => kiosk(live, code)),
    ...Array.from({ length: 10 }, () =>
      buyOverHttp(live.url, [['boosts-15', 1]], { client: randomClient() }),
    ),
  ])
  const backup = await admin(['backup', '--to', backupFile])
  const answers = await stream
  expect(backup.code, backup.out).toBe(0)
  expect(backup.out).toMatch(
    /^Backed up to .*live\.tar\.gz \([\d.]+ (KB|MB)\): \d+ orders, \d+ codes, 1 memberships, as of /,
  )
  expect(answers.slice(0, 50)).toEqual(Array(50).fill('redeemed'))
  const purchases = answers.slice(50) as { sessionId: string; codes: string[] }[]
  expect(fs.statSync(backupFile).mode & 0o777).toBe(0o600)

  const members = await json<unknown[]>(['members', 'list'])
  const orders = await json<Order[]>(['orders', 'list'])
  expect(
    orders.find((o) => o.id === orderOf(orders, refundedOrder.codes[0] ?? '')?.id)?.status,
  ).toBe('refunded')

  // Restored into a new folder (an existing one is refused), served by a server of its own.
  const restoredDir = path.join(work, 'restored')
  const restore = await admin(['restore', backupFile, '--data-dir', restoredDir])
  expect(restore.code, restore.out).toBe(0)
  const again = await admin(['restore', backupFile, '--data-dir', restoredDir])
  expect(again).toMatchObject({ code: 1, out: expect.stringContaining('is not empty') })
  // What the backup holds of the stream's purchases, read before a server opens it.
  const backedUp = await json<Order[]>(['orders', 'list'], { DATA_DIR: restoredDir })
  const copy = await start({}, restoredDir)
  expect(await kiosk(copy, redeemed)).toBe('already_redeemed')
  for (const code of refundedOrder.codes) expect(await kiosk(copy, code)).toBe('voided')
  for (const code of [redeemedToo, ...unusedOrder.codes]) {
    expect(await kiosk(copy, code)).toBe('redeemed')
    expect(await kiosk(copy, code)).toBe('already_redeemed')
  }
  // Each redemption of the stream is in the backup whole, or not at all: then the code redeems.
  for (const code of streamOrder.codes) {
    expect(['already_redeemed', 'redeemed']).toContain(await kiosk(copy, code))
    expect(await kiosk(copy, code)).toBe('already_redeemed')
  }
  // Each purchase of the stream is in it with its codes; or it was paid and its codes not made
  // yet when it was taken, and the copy makes codes of its own, as a restored store would on the
  // provider's word; or it was not paid yet, and waits there.
  for (const { sessionId, codes } of purchases) {
    const found = await sessionCodes(copy, sessionId)
    if (orderOf(backedUp, codes[0] ?? '')) expect(found).toEqual(codes)
    else if (Array.isArray(found)) {
      expect(found).toHaveLength(codes.length)
      expect(found.filter((code) => codes.includes(code))).toEqual([])
    } else expect([202, 404]).toContain(found)
  }
  for (const { sessionId, codes } of [redeemedOrder, unusedOrder, streamOrder]) {
    expect(await sessionCodes(copy, sessionId)).toEqual(codes)
  }
  // The refunded order's success page is gone there as here.
  expect(await sessionCodes(copy, refundedOrder.sessionId)).toBe(410)

  // The move: refused beside the running server; once it is stopped, copied and checked.
  target = await createPostgresDatabase('move')
  const busy = await admin(['move', '--to', target.url])
  expect(busy).toMatchObject({ code: 1, out: expect.stringContaining('A server is running on') })
  expect(await live.stop()).toBe(0)
  const move = await admin(['move', '--to', target.url])
  expect(move.code, move.out).toBe(0)
  for (const table of [
    'orders',
    'codes',
    'redemptions',
    'memberships',
    'member_redemptions',
    'audit_log',
    'mail_outbox',
  ]) {
    expect(move.out).toMatch(new RegExp(`^${table} +[1-9]\\d* +[0-9a-f]{32} +same$`, 'm'))
  }
  expect(move.out).toContain('Moved and checked')
  const twice = await admin(['move', '--to', target.url])
  expect(twice).toMatchObject({ code: 1, out: expect.stringContaining('is not empty') })

  // Two processes on the moved database answer as the embedded store did.
  const onPostgres = { DATABASE_URL: target.url }
  const [one, two] = [
    await start(onPostgres, path.join(work, 'one')),
    await start(onPostgres, path.join(work, 'two')),
  ] as [RunningServer, RunningServer]
  expect(await json<Order[]>(['orders', 'list'], onPostgres)).toEqual(orders)
  expect(await json<unknown[]>(['members', 'list'], onPostgres)).toEqual(members)
  expect(await kiosk(one, redeemed)).toBe('already_redeemed')
  for (const code of streamOrder.codes) expect(await kiosk(two, code)).toBe('already_redeemed')
  for (const code of refundedOrder.codes) expect(await kiosk(two, code)).toBe('voided')
  for (const code of [redeemedToo, ...unusedOrder.codes]) {
    expect(await kiosk(one, code)).toBe('redeemed')
    expect(await kiosk(two, code)).toBe('already_redeemed')
  }
  for (const { sessionId, codes } of purchases)
    expect(await sessionCodes(two, sessionId)).toEqual(codes)
  // New rows take the ids after the moved ones (the sequences moved with the rows): a purchase
  // writes its order and queues its mail on PostgreSQL.
  const next = await buyOverHttp(one.url, [['ffr-10', 1]], { client: randomClient() })
  expect(await sessionCodes(two, next.sessionId)).toEqual(next.codes)
}, 600_000)
