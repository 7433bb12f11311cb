/**
 * `npm run bench:soak`: a live show's mixed traffic for at least 60 s (SOAK_SECONDS), on PGlite
 * and on PostgreSQL: fans browsing / and /store, schedule reads, checkouts paid through the test
 * checkout with the success page polling, kiosk redemptions and live-feed polls, in the
 * proportions below. It reports, per endpoint, requests per second as a ratio to a bare Fastify
 * route measured in the same run with the same client, p50 and p99; failed requests (any that
 * should have succeeded and did not); whether every paid order's codes are readable afterwards;
 * and the server's resident memory, first 10 s after warm-up against the last 10 s.
 */
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import { createPostgresDatabase } from '#test/databases'
import { buyCodesOverHttp, randomClient } from '#test/http-store'
import { type RunningServer, startServer } from '#test/server'
import { startBenchServer } from './bench-server'

// The first 20 s are warm-up (the heap settles after buying the kiosk's codes); memory is
// compared between the 10 s after it and the last 10 s.
const soakSeconds = Math.max(60, Number(process.env.SOAK_SECONDS ?? 75))
const warmUpSeconds = 20
const users = 32

/** A show night's mix: what a fan (or a display in the world) does next, by weight. */
const mix = [
  ['page /', 20],
  ['page /store', 15],
  ['schedule', 10],
  ['live feed', 40],
  ['kiosk', 5],
  ['checkout', 4],
] as const
type Action = (typeof mix)[number][0]

/** The actions that are one GET answered 200. */
const simpleGets = {
  'page /': '/',
  'page /store': '/store',
  schedule: '/api/schedule',
  'live feed': '/api/live',
} as const
const totalWeight = mix.reduce((sum, [, weight]) => sum + weight, 0)

function pick(): Action {
  let roll = Math.random() * totalWeight
  for (const [action, weight] of mix) {
    roll -= weight
    if (roll < 0) return action
  }
  return 'page /'
}

const agent = new http.Agent({ keepAlive: true, maxSockets: users * 2 })

interface Answer {
  status: number
  body: string
  location: string | undefined
}

function send(
  base: string,
  method: 'GET' | 'POST',
  path: string,
  client: string,
  body?: { type: string; text: string },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${base}${path}`,
      {
        method,
        agent,
        headers: {
          'x-forwarded-for': client,
          'accept-encoding': 'gzip, br',
          ...(body
            ? { 'content-type': body.type, 'content-length': Buffer.byteLength(body.text) }
            : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            location: response.headers.location,
          }),
        )
        response.on('error', reject)
      },
    )
    request.on('error', reject)
    request.end(body?.text)
  })
}

class Stats {
  readonly latencies = new Map<string, number[]>()
  readonly failures = new Map<string, number>()
  failureSamples: string[] = []

  record(endpoint: string, ms: number) {
    const list = this.latencies.get(endpoint) ?? []
    list.push(ms)
    this.latencies.set(endpoint, list)
  }

  fail(endpoint: string, why: string) {
    this.failures.set(endpoint, (this.failures.get(endpoint) ?? 0) + 1)
    if (this.failureSamples.length < 10) this.failureSamples.push(`${endpoint}: ${why}`)
  }
}

/** One request, timed and checked: `ok` says whether the answer is what a fan should get. */
async function timed(
  stats: Stats,
  endpoint: string,
  run: () => Promise<Answer>,
  ok: (answer: Answer) => boolean,
): Promise<Answer | undefined> {
  const started = performance.now()
  try {
    const answer = await run()
    stats.record(endpoint, performance.now() - started)
    if (!ok(answer)) stats.fail(endpoint, `${answer.status} ${answer.body.slice(0, 120)}`)
    return answer
  } catch (error) {
    stats.fail(endpoint, error instanceof Error ? error.message : String(error))
    return undefined
  }
}

const checkoutBody = JSON.stringify({
  items: [
    { id: 'ffr-10', name: 'FFR 10', price: 14.99, quantity: 2 },
    { id: 'boosts-5', name: '5 Boosts', price: 4.99, quantity: 1 },
  ],
})

/** A fan buying: checkout, the test checkout's card form, the success page, its polls. */
async function purchase(base: string, stats: Stats, paid: string[]): Promise<void> {
  const fan = randomClient()
  const created = await timed(
    stats,
    'POST /api/create-checkout-session',
    () =>
      send(base, 'POST', '/api/create-checkout-session', fan, {
        type: 'application/json',
        text: checkoutBody,
      }),
    (a) => a.status === 200,
  )
  if (created?.status !== 200) return
  const { id } = JSON.parse(created.body) as { id: string }
  const pay = await timed(
    stats,
    'POST /pay/ID',
    () =>
      send(base, 'POST', `/pay/${id}`, fan, {
        type: 'application/x-www-form-urlencoded',
        text: 'card_number=4242+4242+4242+4242',
      }),
    (a) => a.status === 303,
  )
  if (pay?.status !== 303) return
  await timed(
    stats,
    'GET /success',
    () => send(base, 'GET', `/success?session_id=${id}`, fan),
    (a) => a.status === 200,
  )
  for (let attempt = 0; attempt < 50; attempt++) {
    const poll = await timed(
      stats,
      'GET /api/get-session',
      () => send(base, 'GET', `/api/get-session?session_id=${id}`, fan),
      (a) => a.status === 200 || a.status === 202,
    )
    if (poll?.status === 200) {
      paid.push(id)
      return
    }
    if (poll?.status !== 202) return
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  stats.fail('GET /api/get-session', `no codes for ${id} after 50 polls`)
}

async function soak(
  label: string,
  env: Record<string, string>,
  bareRps: number,
  kioskCodes: number,
) {
  const server = await startBenchServer(env)
  try {
    const codes = await buyCodesOverHttp(server.url, kioskCodes)
    const stats = new Stats()
    const paid: string[] = []
    const memory: { at: number; mb: number }[] = []
    const started = Date.now()
    const sampler = setInterval(
      () => memory.push({ at: (Date.now() - started) / 1000, mb: rssMb(server) }),
      1000,
    )
    const deadline = started + soakSeconds * 1000
    let redeemed = 0

    const user = async () => {
      while (Date.now() < deadline) {
        const action = pick()
        const client = randomClient()
        const path = simpleGets[action as keyof typeof simpleGets]
        if (path) {
          await timed(
            stats,
            `GET ${path}`,
            () => send(server.url, 'GET', path, client),
            (a) => a.status === 200,
          )
          continue
        }
        switch (action) {
          case 'kiosk': {
            const code = codes.pop()
            if (!code) {
              stats.fail('GET /k/CODE', 'the soak ran out of codes to redeem: buy more first')
              break
            }
            await timed(
              stats,
              'GET /k/CODE',
              () => send(server.url, 'GET', `/k/${code}`, client),
              (a) =>
                a.status === 200 &&
                (JSON.parse(a.body) as { status: string }).status === 'redeemed',
            )
            redeemed++
            break
          }
          case 'checkout':
            await purchase(server.url, stats, paid)
            break
        }
      }
    }
    await Promise.all(Array.from({ length: users }, user))
    clearInterval(sampler)
    const elapsed = (Date.now() - started) / 1000

    // Every paid order's codes, read again afterwards.
    let unreadable = 0
    for (const id of paid) {
      const answer = await send(
        server.url,
        'GET',
        `/api/get-session?session_id=${id}`,
        randomClient(),
      )
      if (
        answer.status !== 200 ||
        (JSON.parse(answer.body) as { codes: unknown[] }).codes.length !== 3
      ) {
        unreadable++
      }
    }

    const window = (from: number, to: number) => {
      const samples = memory.filter((m) => m.at >= from && m.at < to).map((m) => m.mb)
      return samples.reduce((sum, mb) => sum + mb, 0) / Math.max(1, samples.length)
    }
    const first = window(warmUpSeconds, warmUpSeconds + 10)
    const last = window(elapsed - 10, elapsed + 1)
    const drift = (last - first) / first

    const rows = [...stats.latencies.entries()]
      .sort((a, b) => b[1].length - a[1].length)
      .map(([endpoint, list]) => {
        const sorted = [...list].sort((a, b) => a - b)
        const at = (q: number) =>
          sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0
        const rps = list.length / elapsed
        return `| ${endpoint} (${label}) | ${list.length} | ${rps.toFixed(0)} | ${((rps / bareRps) * 100).toFixed(1)}% | ${at(0.5).toFixed(1)} ms | ${at(0.99).toFixed(1)} ms | ${stats.failures.get(endpoint) ?? 0} |`
      })
    const total = [...stats.latencies.values()].reduce((sum, list) => sum + list.length, 0)
    console.log(`\n### ${label}: ${elapsed.toFixed(0)} s, ${users} fans at once\n`)
    console.log('| endpoint | requests | req/s | vs bare | p50 | p99 | failed |')
    console.log('|---|---:|---:|---:|---:|---:|---:|')
    for (const row of rows) console.log(row)
    console.log(
      `| all (${label}) | ${total} | ${(total / elapsed).toFixed(0)} | ${((total / elapsed / bareRps) * 100).toFixed(1)}% | | | ${[...stats.failures.values()].reduce((a, b) => a + b, 0)} |`,
    )
    console.log(
      `\npaid orders: ${paid.length}, codes unreadable afterwards: ${unreadable}; kiosk redemptions: ${redeemed}`,
    )
    console.log(
      `resident memory: ${first.toFixed(0)} MB in seconds ${warmUpSeconds}-${warmUpSeconds + 10}, ${last.toFixed(0)} MB in the last 10 s (${drift >= 0 ? '+' : ''}${(drift * 100).toFixed(1)}%, ${Math.abs(drift) <= 0.1 ? 'flat' : 'NOT flat'})`,
    )
    if (stats.failureSamples.length > 0)
      console.log(`failures, first few:\n  ${stats.failureSamples.join('\n  ')}`)
    return {
      failed: [...stats.failures.values()].reduce((a, b) => a + b, 0) + unreadable,
      flat: Math.abs(drift) <= 0.1,
    }
  } finally {
    await server.stop()
  }
}

function rssMb(server: RunningServer): number {
  const status = fs.readFileSync(`/proc/${server.pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024
}

/** The bare route with the same client and the same number of fans, for 10 s. */
async function bareRate(): Promise<number> {
  const bare = await startServer({}, { script: 'bench/bare-server.ts', readyPath: '/bare' })
  try {
    let count = 0
    const deadline = Date.now() + 10_000
    await Promise.all(
      Array.from({ length: users }, async () => {
        while (Date.now() < deadline) {
          await send(bare.url, 'GET', '/bare', randomClient())
          count++
        }
      }),
    )
    return count / 10
  } finally {
    await bare.stop()
  }
}

async function main() {
  console.log(
    `soak: ${os.cpus().length} cores, ${users} fans at once, ${soakSeconds} s per database`,
  )
  const bareRps = await bareRate()
  console.log(`bare Fastify route, same client: ${bareRps.toFixed(0)} req/s`)
  const database = await createPostgresDatabase('soak')
  const results = []
  try {
    results.push(await soak('PGlite', {}, bareRps, 12_000))
    results.push(await soak('PostgreSQL', { DATABASE_URL: database.url }, bareRps, 25_000))
  } finally {
    await database.drop()
  }
  agent.destroy()
  if (results.some((r) => r.failed > 0 || !r.flat)) process.exitCode = 1
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
