/**
 * `npm run bench`, the board image (GET /api/live/board.png): served unchanged against a bare
 * Fastify route in the same run (the world's many clients polling it), the resident memory the
 * renderer adds when it is first asked for, and how many times the board is drawn while 200
 * clients poll across a gift.
 */
import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { buyCodes } from '#test/checkout'
import { randomClient } from '#test/http-store'
import { startServer } from '#test/server'
import { buildTestApp } from '#test/test-app'
import { seedRegularShows } from '../src/core/schedule/events'
import { openDatabase } from '../src/server/adapters/db/database'
import { stageApi } from '../src/shared/stage'
import { startBenchServer } from './bench-server'

const durationSeconds = Number(process.env.BENCH_SECONDS ?? 8)
const connections = 50

async function rps(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({
    url,
    connections,
    duration: durationSeconds,
    headers,
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          headers: { ...request.headers, 'x-forwarded-for': randomClient() },
        }),
      },
    ],
  })
  return {
    rps: Math.round(result.requests.average),
    p99: result.latency.p99,
    non2xx: result.non2xx,
  }
}

/** Median ratio of 3 alternating pairs: the bare route, then the board. */
async function paired(bareUrl: string, url: string, headers: Record<string, string> = {}) {
  const ratios: number[] = []
  let last = { rps: 0, p99: 0, non2xx: 0 }
  let bare = { rps: 0 }
  for (let round = 0; round < 3; round++) {
    bare = await rps(bareUrl)
    last = await rps(url, headers)
    ratios.push(last.rps / bare.rps)
  }
  const ratio = ratios.sort((a, b) => a - b)[1] ?? 0
  return { ...last, ratio, bare: bare.rps }
}

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024)
}

/** The real server: memory before and after the first board, then the unchanged board under load. */
async function served() {
  const server = await startBenchServer()
  let bareServer: Awaited<ReturnType<typeof startServer>> | undefined
  try {
    const board = `${server.url}${stageApi.board}`
    await fetch(`${server.url}/api/live`)
    const before = rssMb(server.pid)
    const started = performance.now()
    const first = await fetch(board)
    const firstMs = Math.round(performance.now() - started)
    const etag = first.headers.get('etag') ?? ''
    const png = Buffer.from(await first.arrayBuffer())
    const bytes = png.length
    const boardFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'board-')), 'board.png')
    fs.writeFileSync(boardFile, png)
    const after = rssMb(server.pid)
    console.log(
      `first board: ${firstMs} ms (renderer loaded and drawn), ${bytes} bytes; RSS ${before} MB before, ${after} MB after (+${after - before} MB)`,
    )
    bareServer = await startServer(
      { BOARD_FILE: boardFile },
      { script: 'bench/bare-board-server.ts', readyPath: '/bare' },
    )
    const full = await paired(`${bareServer.url}/bare.png`, board)
    console.log(
      `board.png unchanged, 200 with the bytes: ${full.rps} req/s, ${(full.ratio * 100).toFixed(0)}% of a bare route sending the same bytes (median of 3 pairs; bare ${full.bare} req/s), p99 ${full.p99} ms, non-2xx ${full.non2xx}`,
    )
    const cached = await paired(`${bareServer.url}/bare`, board, { 'if-none-match': etag })
    console.log(
      `board.png unchanged, 304 to If-None-Match: ${cached.rps} req/s, ${(cached.ratio * 100).toFixed(0)}% of the bare JSON route (median of 3 pairs; bare ${cached.bare} req/s), p99 ${cached.p99} ms`,
    )
    console.log(`RSS after load: ${rssMb(server.pid)} MB`)
  } finally {
    await server.stop()
    await bareServer?.stop()
  }
}

/** In process, so the app's render count can be read: 200 clients poll, a gift lands. */
async function polled() {
  const db = await openDatabase({})
  const t = await buildTestApp(db, { now: '2026-11-22T22:30:00Z', trustProxyHops: 1 })
  await seedRegularShows(db, t.clock)
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}${stageApi.board}`
  try {
    await fetch(url)
    const rendersBefore = t.app.board.renders
    let polls = 0
    let stop = false
    const etags = new Set<string>()
    const client = async () => {
      while (!stop) {
        const response = await fetch(url)
        etags.add(response.headers.get('etag') ?? '')
        await response.arrayBuffer()
        polls++
      }
    }
    const clients = Array.from({ length: 200 }, client)
    await new Promise((resolve) => setTimeout(resolve, 1000))
    const [code] = await buyCodes(t, [['ffr-25', 1]])
    await t.app.inject({ url: `/k/${code?.code}`, headers: { 'x-forwarded-for': randomClient() } })
    await new Promise((resolve) => setTimeout(resolve, 1000))
    stop = true
    await Promise.all(clients)
    console.log(
      `200 polling clients across one gift: ${polls} polls, ${etags.size} pictures seen, ${t.app.board.renders - rendersBefore} render(s)`,
    )
  } finally {
    await t.app.close()
    await db.destroy()
  }
}

await served()
await polled()
