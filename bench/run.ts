/**
 * `npm run bench`: load figures for the API, measured against a bare Fastify route in the same
 * run (the machine is shared and noisy: compare ratios, not absolute numbers), resident memory
 * after load, and the size of what the store page loads.
 *
 * The servers run as child processes (the real server.ts, as `npm start` runs it); autocannon
 * drives them from this process at 50 connections. `npm run bench` then runs the page benchmark
 * (bench/lighthouse.ts, `npm run bench:pages`).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import autocannon from 'autocannon'
import { createPostgresDatabase } from '#test/databases'
import { buyCodesOverHttp, buyOverHttp, randomClient } from '#test/http-store'
import { startServer } from '#test/server'
import { scheduleCacheMs } from '../src/server/plugins/schedule-cache'
import { comicPath } from '../src/shared/comics'
import { distPaths } from '../src/shared/page-rendering'
import { showPath } from '../src/shared/schedule'
import { startBenchServer } from './bench-server'
import { putComicOnBill, putComicOnStage } from './comic-on-stage'
import { cpuMeter, cpuNote } from './cpu'
import { countMemberGrants, seedMembersAtShow } from './members'
import { benchStage } from './stage'

const durationSeconds = Number(process.env.BENCH_SECONDS ?? 8)
const connections = 50
/** `BENCH_ONLY=kiosk`: the kiosk's rows alone (the grant rates), against the bare route. */
const kioskOnly = process.env.BENCH_ONLY === 'kiosk'
/** `BENCH_ONLY=reads`: the schedule API, a show's page and a comic's page alone, against the bare route. */
const readsOnly = process.env.BENCH_ONLY === 'reads'

/** Resident memory now and at its peak, in MB, of the server process. */
function memory(pid: number): string {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  const mb = (field: string) =>
    Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024)
  return `RSS after load ${mb('VmRSS')} MB (peak ${mb('VmHWM')} MB)`
}

async function load(
  url: string,
  options: {
    method?: 'GET' | 'POST'
    body?: string
    headers?: Record<string, string>
    /** Each request's path, in turn; the run ends when they are used up. */
    paths?: string[]
  } = {},
): Promise<{ rps: number; p50: number; p99: number; errors: number; non2xx: number }> {
  const paths = options.paths
  let next = 0
  // Each request from a new client (the server trusts one proxy's X-Forwarded-For), as a crowd
  // of fans is: one address would meet the per-client limits at once.
  const result = await autocannon({
    url,
    connections,
    method: options.method ?? 'GET',
    body: options.body,
    headers: options.headers,
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          ...(paths ? { path: paths[next++] ?? '/' } : {}),
          headers: { ...request.headers, 'x-forwarded-for': randomClient() },
        }),
      },
    ],
    ...(paths ? { amount: paths.length } : { duration: durationSeconds }),
  })
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  }
}

const checkoutBody = JSON.stringify({
  items: [
    { id: 'ffr-10', name: 'FFR 10', price: 14.99, quantity: 2 },
    { id: 'boosts-5', name: '5 Boosts', price: 4.99, quantity: 1 },
  ],
  email: 'fan@example.com',
})

const rows: string[][] = []
function report(name: string, r: Awaited<ReturnType<typeof load>>, bare: number, extra = '') {
  rows.push([
    name,
    String(r.rps),
    `${((r.rps / bare) * 100).toFixed(1)}%`,
    `${r.p50} ms`,
    `${r.p99} ms`,
    String(r.errors + r.non2xx),
    extra,
  ])
}

/** Medians of `rounds` alternating runs of the bare route and `url`: the ratio within each pair. */
async function paired(bareUrl: string, url: string, rounds = 3) {
  const pairs: { bare: number; route: Awaited<ReturnType<typeof load>> }[] = []
  for (let i = 0; i < rounds; i++) {
    const bare = await load(bareUrl)
    pairs.push({ bare: bare.rps, route: await load(url) })
  }
  const median = (values: number[]) =>
    values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0
  const ratio = median(pairs.map((p) => p.route.rps / p.bare))
  const route = pairs.map((p) => p.route).sort((a, b) => a.rps - b.rps)[Math.floor(rounds / 2)]
  if (!route) throw new Error('no rounds')
  return { route, ratio }
}

async function benchApi(label: string, env: Record<string, string>, bare: number, bareUrl: string) {
  const server = await startBenchServer(env)
  try {
    if (!kioskOnly) await benchReads(label, server, env, bare, bareUrl)
    if (readsOnly) return
    if (!kioskOnly) await benchRoutes(label, server.url, bare)
    await benchKiosk(label, server, env, bare)
    if (kioskOnly) return
    const live = await paired(bareUrl, `${server.url}/api/live`)
    report(
      `GET /api/live (${label})`,
      live.route,
      bare,
      `median of 3 pairs with the bare route: ${(live.ratio * 100).toFixed(0)}% of bare; ${memory(server.pid)}`,
    )
  } finally {
    await server.stop()
  }
}

async function benchRoutes(label: string, url: string, bare: number) {
  const checkout = await load(`${url}/api/create-checkout-session`, {
    method: 'POST',
    body: checkoutBody,
    headers: { 'content-type': 'application/json' },
  })
  report(`POST /api/create-checkout-session (${label})`, checkout, bare)
  const { sessionId } = await buyOverHttp(
    url,
    [
      ['ffr-10', 2],
      ['boosts-5', 1],
    ],
    { client: randomClient() },
  )
  const session = await load(`${url}/api/get-session?session_id=${sessionId}`)
  report(`GET /api/get-session, 200 (${label})`, session, bare)
}

/**
 * The reads a fan's visit makes of the schedule: the API, a show's page and a comic's page (that
 * comic headlining that show), in rounds of the bare route then each of them, so every ratio
 * compares runs made in the same minute; the median of 3 rounds. The targets: the API at least 0.6×
 * the bare route, a show's page at least as fast as a comic's.
 */
async function benchReads(
  label: string,
  server: Awaited<ReturnType<typeof startBenchServer>>,
  env: Record<string, string>,
  bare: number,
  bareUrl: string,
) {
  const { slug, showId } = await putComicOnBill(server, env.DATABASE_URL)
  // Straight on PostgreSQL, the server learns of the bill when its copy of the schedule expires.
  if (env.DATABASE_URL) await new Promise((resolve) => setTimeout(resolve, scheduleCacheMs + 200))
  const targets = {
    schedule: `${server.url}/api/schedule`,
    show: `${server.url}${showPath(showId)}`,
    comic: `${server.url}${comicPath(slug)}`,
  }
  for (const url of [targets.show, targets.comic]) {
    const response = await fetch(url)
    if (response.status !== 200) throw new Error(`bench: ${url} answered ${response.status}`)
  }
  const rounds: Record<'bare' | keyof typeof targets, Awaited<ReturnType<typeof load>>>[] = []
  for (let round = 0; round < 3; round++) {
    rounds.push({
      bare: await load(bareUrl),
      schedule: await load(targets.schedule),
      show: await load(targets.show),
      comic: await load(targets.comic),
    })
  }
  const median = (values: number[]) =>
    [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0
  const middle = (key: keyof typeof targets) => {
    const sorted = [...rounds].sort((a, b) => a[key].rps - b[key].rps)
    const run = sorted[Math.floor(sorted.length / 2)]
    if (!run) throw new Error('no rounds')
    return run[key]
  }
  const ofBare = (key: keyof typeof targets) =>
    median(rounds.map((round) => round[key].rps / round.bare.rps)).toFixed(2)
  const each = (key: keyof typeof targets) => rounds.map((round) => round[key].rps).join(', ')
  const bares = `bare in each round ${rounds.map((round) => round.bare.rps).join(', ')}`
  report(
    `GET /api/schedule (${label})`,
    middle('schedule'),
    bare,
    `median of 3 rounds: ${ofBare('schedule')}× bare (target 0.6); rounds ${each('schedule')}; ${bares}`,
  )
  const showOverComic = median(rounds.map((round) => round.show.rps / round.comic.rps))
  report(
    `GET /shows/<id> (${label})`,
    middle('show'),
    bare,
    `median of 3 rounds: ${ofBare('show')}× bare, ${showOverComic.toFixed(2)}× a comic's page (target 1); rounds ${each('show')}`,
  )
  report(
    `GET /comics/<slug> (${label})`,
    middle('comic'),
    bare,
    `median of 3 rounds: ${ofBare('comic')}× bare; rounds ${each('comic')}`,
  )
}

/**
 * The kiosk's grant rate: distinct valid codes, one request each, as fans redeem them during a
 * show, with a comic on stage, so each grant is credited to the comic's set as on a show night.
 */
async function benchKiosk(
  label: string,
  server: Awaited<ReturnType<typeof startBenchServer>>,
  env: Record<string, string>,
  bare: number,
) {
  const codes = await buyCodesOverHttp(server.url, Math.max(5000, durationSeconds * 2000))
  const comic = await putComicOnStage(server, env.DATABASE_URL)
  const feedBefore = await liveTotal(server.url)
  const codesCpu = await cpuMeter(server.pid, env.DATABASE_URL)
  const redeem = await load(server.url, { paths: codes.map((code) => `/k/${code}`) })
  const codesPer = await codesCpu.per(codes.length)
  const given = (await liveTotal(server.url)) - feedBefore
  report(
    `GET /k/CODE, distinct valid codes (${label})`,
    redeem,
    bare,
    `${codes.length} codes, ${given} boosts counted in /api/live; ${comic} on stage; ${cpuNote(codesPer)}`,
  )
  if (env.DATABASE_URL) {
    // Distinct members during a show, each code once: the bar is the show codes' own.
    const { codes: members, showId } = await seedMembersAtShow(
      env.DATABASE_URL,
      Math.max(5000, durationSeconds * 2000),
    )
    await putComicOnStage(server, env.DATABASE_URL, showId)
    const membersCpu = await cpuMeter(server.pid, env.DATABASE_URL)
    const memberRun = await load(server.url, { paths: members.map((code) => `/k/${code}`) })
    const membersPer = await membersCpu.per(members.length)
    report(
      `GET /k/MEMBER-CODE, distinct members at a show (${label})`,
      memberRun,
      bare,
      `${members.length} member codes, ${await countMemberGrants(env.DATABASE_URL)} granted; ${cpuNote(membersPer)}`,
    )
  }
}

async function liveTotal(base: string): Promise<number> {
  // Past the feed's second of caching, so the figure is the database's.
  await new Promise((resolve) => setTimeout(resolve, 1100))
  const live = (await (await fetch(`${base}/api/live`)).json()) as { totalBoosts: number }
  return live.totalBoosts
}

/** entry-client.tsx's chunk and the chunks it imports, from the build manifest scripts/prerender.ts keeps. */
function appScripts(): string[] {
  const manifestFile = distPaths.clientManifest
  if (!fs.existsSync(manifestFile)) return []
  const manifest: unknown = JSON.parse(fs.readFileSync(manifestFile, 'utf8'))
  const files = new Set<string>()
  const walk = (key: string) => {
    const chunk: unknown =
      typeof manifest === 'object' && manifest !== null ? Reflect.get(manifest, key) : undefined
    if (typeof chunk !== 'object' || chunk === null) return
    const file: unknown = Reflect.get(chunk, 'file')
    if (typeof file !== 'string' || files.has(`/${file}`)) return
    files.add(`/${file}`)
    const imports: unknown = Reflect.get(chunk, 'imports')
    if (Array.isArray(imports)) for (const next of imports) if (typeof next === 'string') walk(next)
  }
  walk('src/web/app/entry-client.tsx')
  return [...files]
}

function storePageWeight(): string[] {
  const client = distPaths.client
  const htmlFile = fs.existsSync(`${client}/store.html`)
    ? `${client}/store.html`
    : `${client}/index.html`
  if (!fs.existsSync(htmlFile)) return ['store page: no build (run npm run build first)']
  const html = fs.readFileSync(htmlFile, 'utf8')
  const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1] ?? '')
  // The entry (src/web/app/boot.ts) loads the app and the page's chunks (data-modules) after the
  // first paint: they count too.
  scripts.push(...(/data-modules="([^"]*)"/.exec(html)?.[1] ?? '').split(' ').filter(Boolean))
  scripts.push(...appScripts())
  const sizes = [...new Set(scripts)].map((file) => {
    const bytes = fs.readFileSync(path.join(client, file))
    return { file, raw: bytes.length, gz: gzipSync(bytes, { level: 9 }).length }
  })
  const total = sizes.reduce((sum, s) => sum + s.gz, 0)
  return [
    `store page first-load JS: ${(total / 1024).toFixed(1)} KB gzipped in ${sizes.length} file(s)`,
    ...sizes.map(
      (s) => `  ${s.file}: ${(s.raw / 1024).toFixed(1)} KB raw, ${(s.gz / 1024).toFixed(1)} KB gz`,
    ),
  ]
}

async function main() {
  console.log(
    `bench: ${os.cpus().length} cores, ${connections} connections, ${durationSeconds} s per run`,
  )
  const bareServer = await startServer({}, { script: 'bench/bare-server.ts', readyPath: '/bare' })
  const bareUrl = `${bareServer.url}/bare`
  const bare = await load(bareUrl)
  rows.push([
    'bare Fastify route',
    String(bare.rps),
    '100%',
    `${bare.p50} ms`,
    `${bare.p99} ms`,
    '0',
    '',
  ])

  const database = await createPostgresDatabase('bench')
  try {
    await benchApi('PGlite', {}, bare.rps, bareUrl)
    await benchApi('PostgreSQL', { DATABASE_URL: database.url }, bare.rps, bareUrl)
  } finally {
    await database.drop()
    await bareServer.stop()
  }

  const header = ['scenario', 'req/s', 'vs bare', 'p50', 'p99', 'errors', 'notes']
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)))
  const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ')
  console.log(`\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`)
  for (const r of rows) console.log(line(r))
  if (kioskOnly || readsOnly) return
  console.log(`\n${storePageWeight().join('\n')}`)
  await benchStage()
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
