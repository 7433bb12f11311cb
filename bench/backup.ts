/**
 * `npm run bench:backup`: backups while the store serves, and the move to PostgreSQL
 * (docs/decisions/027-moving-a-live-store.md). A store of 10,000 paid orders (two codes each, half
 * of them redeemed) on the embedded database, served by the real server; then:
 *   - the kiosk's latency (distinct unused codes, 10 at a time) with no backup running, and while
 *     `npm run admin -- backup` runs back to back through the server's channel;
 *   - each backup's time (the command as the host runs it) and the file's size;
 *   - the move of that store to an empty PostgreSQL database, the server stopped (the downtime).
 * The machine is shared and noisy: the load average is printed beside the figures.
 */
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import autocannon from 'autocannon'
import { createPostgresDatabase } from '#test/databases'
import { randomClient } from '#test/http-store'
import { startServer } from '#test/server'
import { generateCode, newOrderId } from '../src/core/ids'
import { openDatabase } from '../src/server/adapters/db/database'

const orders = Number(process.env.BENCH_ORDERS ?? 10_000)
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'punchline-bench-backup-'))
const dataDir = path.join(work, 'data')

async function seed(): Promise<string[]> {
  const db = await openDatabase({ dataDir })
  const now = new Date()
  const unused: string[] = []
  for (let start = 0; start < orders; start += 500) {
    const batch = Array.from({ length: Math.min(500, orders - start) }, () => newOrderId())
    await db
      .insertInto('orders')
      .values(
        batch.map((id) => ({
          id,
          session_id: `cs_bench_${id}`,
          provider: 'local' as const,
          status: 'fulfilled' as const,
          email: `fan-${id}@example.com`,
          lines: JSON.stringify([
            { productId: 'ffr-10', name: 'FFR 10', unitCents: 1499, quantity: 2 },
          ]),
          total_cents: 2998,
          created_at: now,
          paid_at: now,
          fulfilled_at: now,
          show_id: null,
          show_name: null,
          show_starts_at: null,
          payment_ref: `pay_${id}`,
          paid_cents: 2998,
          paid_currency: 'usd',
          flag_reason: null,
          reversed_at: null,
        })),
      )
      .execute()
    const codes = batch.flatMap((orderId, i) =>
      [1, 2].map((seq) => ({
        code: generateCode(),
        order_id: orderId,
        seq,
        product_id: 'ffr-10' as const,
        description: 'FFR 10',
        valid_from: new Date(now.getTime() - 86_400_000),
        expires_at: new Date(now.getTime() + 365 * 86_400_000),
        redeemed_at: seq === 1 && i % 2 === 0 ? now : null,
        redeemed_anonymously: seq === 1 && i % 2 === 0 ? false : null,
        voided_at: null,
        void_reason: null,
      })),
    )
    await db.insertInto('codes').values(codes).execute()
    const redeemed = codes.filter((c) => c.redeemed_at)
    await db
      .insertInto('redemptions')
      .values(
        redeemed.map((c) => ({
          code: c.code,
          order_id: c.order_id,
          show_id: null,
          product_id: c.product_id,
          boosts: 10,
          anonymous: false,
          client_hash: 'bench',
          redeemed_at: now,
          set_id: null,
        })),
      )
      .execute()
    unused.push(...codes.filter((c) => !c.redeemed_at).map((c) => c.code))
  }
  await db.destroy()
  return unused
}

async function kiosk(url: string, codes: string[]) {
  let next = 0
  const result = await autocannon({
    url,
    connections: 10,
    amount: codes.length,
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          path: `/k/${codes[next++]}`,
          headers: { ...request.headers, 'x-forwarded-for': randomClient() },
        }),
      },
    ],
  })
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors + result.non2xx,
  }
}

async function admin(args: string[], env: Record<string, string> = {}) {
  const started = performance.now()
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'src/cli/admin.ts', ...args],
    { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', ...env }, maxBuffer: 1 << 24 },
  )
  return { ms: Math.round(performance.now() - started), out: stdout }
}

const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')

async function main(): Promise<void> {
  console.log(`seeding ${orders} orders (load average ${load()})`)
  const unused = await seed()
  const server = await startServer(
    { TRUST_PROXY_HOPS: '1', ALLOW_TEST_CHECKOUT: 'true', LOG_LEVEL: 'warn' },
    { dataDir },
  )
  try {
    const quarter = Math.floor(unused.length / 4)
    await kiosk(server.url, unused.slice(0, 200))
    const quiet = await kiosk(server.url, unused.slice(200, quarter))
    console.log(
      `kiosk, no backup: p50 ${quiet.p50} ms, p99 ${quiet.p99} ms, max ${quiet.max} ms, ${quarter - 200} redemptions, errors ${quiet.errors} (load ${load()})`,
    )
    const backups: { ms: number; held: number; bytes: number }[] = []
    let running = true
    const backingUp = (async () => {
      for (let i = 0; running; i++) {
        const file = path.join(work, `during-${i}.tar.gz`)
        const { ms, out } = await admin(['backup', '--to', file])
        const held = Number(/waited ([\d,]+) ms/.exec(out)?.[1]?.replace(',', ''))
        backups.push({ ms, held, bytes: fs.statSync(file).size })
      }
    })()
    await new Promise((resolve) => setTimeout(resolve, 500))
    const busy = await kiosk(server.url, unused.slice(quarter, 3 * quarter))
    running = false
    await backingUp
    console.log(
      `kiosk, backups back to back: p50 ${busy.p50} ms, p99 ${busy.p99} ms, max ${busy.max} ms, ${2 * quarter} redemptions, errors ${busy.errors} (load ${load()})`,
    )
    for (const b of backups)
      console.log(
        `backup: ${b.ms} ms (the command, start to end), the store held ${b.held} ms, ${(b.bytes / 1024 / 1024).toFixed(1)} MB`,
      )
  } finally {
    await server.stop()
  }
  const target = await createPostgresDatabase('bench')
  try {
    const moved = await admin(['move', '--to', target.url])
    const codes = /^codes +(\d+)/m.exec(moved.out)?.[1]
    console.log(
      `move to PostgreSQL, server stopped: ${moved.ms} ms (the command, start to end), ${codes} codes, all tables same: ${moved.out.includes('Moved and checked')} (load ${load()})`,
    )
  } finally {
    await target.drop()
    fs.rmSync(work, { recursive: true, force: true })
  }
}

await main()
