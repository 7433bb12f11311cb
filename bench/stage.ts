/**
 * The stage stream's figures (docs/stage.md), run by `npm run bench` after the others:
 * - one process (PGlite): 1,000 readers of GET /api/live/events; for each of a few kiosk grants
 *   of codes bought with a name on stage and given a message, the time until half and
 *   99% of the readers had its `gift` event with both, and the server's memory per reader;
 * - two processes on one PostgreSQL database: a grant on A, read by a reader on B (LISTEN/NOTIFY);
 *   p50 and p99 from sending the kiosk request to the `gift` event's arrival;
 * - the seats under a flood (bench/stage-seats.ts): streams held, memory per stream, who gets in.
 * The readers are plain HTTP connections from this process, each as a client of its own.
 */
import fs from 'node:fs'
import http from 'node:http'
import { createPostgresDatabase } from '#test/databases'
import { buyCodesOverHttp, buyOverHttp, randomClient } from '#test/http-store'
import type { RunningServer } from '#test/server'
import { codeMessagePath } from '../src/shared/code-message-api'
import { fanMessageMax, stageNameMax } from '../src/shared/fan-words'
import { stageApi } from '../src/shared/stage'
import { startBenchServer } from './bench-server'
import { benchStageSeats } from './stage-seats'

const readerCount = Number(process.env.BENCH_STAGE_READERS ?? 1000)
const grantsOneProcess = 10
const grantsTwoProcesses = 200

/** The fan's words every gift of the one-process run carries: the longest name and message allowed. */
const fanName = 'Sam Stone, the back row!'.slice(0, stageNameMax)
const fanMessage = 'the cat bit killed, do the cat bit again please '
  .repeat(3)
  .slice(0, fanMessageMax)

/** A reader counting the gifts it has received, when each arrived, and how many carried the words. */
interface Reader {
  gifts: number[]
  withWords: number
  request: http.ClientRequest
}

function rssKb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)
}

const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY })

/** Opens a stream; resolves once its first events (state, total) have arrived. */
function openReader(base: string): Promise<Reader> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${base}${stageApi.events}`,
      { agent, headers: { 'x-forwarded-for': randomClient() } },
      (response) => {
        if (response.statusCode !== 200) reject(new Error(`stream: ${response.statusCode}`))
        response.setEncoding('utf8')
        let started = false
        response.on('data', (chunk: string) => {
          const now = performance.now()
          if (!started && chunk.includes('event: total')) {
            started = true
            resolve(reader)
          }
          for (
            let at = chunk.indexOf('event: gift');
            at >= 0;
            at = chunk.indexOf('event: gift', at + 1)
          ) {
            reader.gifts.push(now)
            const event = chunk.slice(at, chunk.indexOf('\n\n', at))
            if (event.includes(fanName) && event.includes(fanMessage)) reader.withWords++
          }
        })
      },
    )
    const reader: Reader = { gifts: [], withWords: 0, request }
    request.on('error', reject)
  })
}

/**
 * `count` codes of one order bought with a name on stage, each given a message for the comic on
 * the success page's route: the gifts they grant carry both, as a fan's do.
 */
async function codesWithWords(base: string, count: number): Promise<string[]> {
  const client = randomClient()
  const { sessionId, codes } = await buyOverHttp(base, [['boosts-5', count]], {
    client,
    stageName: fanName,
  })
  for (const code of codes) {
    const response = await fetch(`${base}${codeMessagePath}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': randomClient() },
      body: JSON.stringify({ sessionId, code, message: fanMessage }),
    })
    if (response.status !== 200) throw new Error(`message: ${response.status}`)
  }
  return codes
}

async function redeem(base: string, code: string): Promise<number> {
  const sent = performance.now()
  const response = await fetch(`${base}/k/${code}`, {
    headers: { 'x-forwarded-for': randomClient() },
  })
  const answer = (await response.json()) as { status: string }
  if (answer.status !== 'redeemed') throw new Error(`kiosk: ${answer.status}`)
  return sent
}

async function until(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const end = performance.now() + timeoutMs
  while (!check()) {
    if (performance.now() > end) throw new Error('bench: timed out waiting for gifts')
    await new Promise((resolve) => setTimeout(resolve, 2))
  }
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0
}
const ms = (value: number) => `${value.toFixed(1)} ms`

async function oneProcess(): Promise<string[]> {
  const server = await startBenchServer()
  try {
    const codes = await codesWithWords(server.url, grantsOneProcess)
    const before = rssKb(server.pid)
    const readers: Reader[] = []
    for (let i = 0; i < readerCount; i += 100) {
      const batch = Math.min(100, readerCount - i)
      readers.push(
        ...(await Promise.all(Array.from({ length: batch }, () => openReader(server.url)))),
      )
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
    const perReaderKb = (rssKb(server.pid) - before) / readerCount
    const reach50: number[] = []
    const reach99: number[] = []
    const reachAll: number[] = []
    for (let g = 0; g < grantsOneProcess; g++) {
      const sent = await redeem(server.url, codes[g] ?? '')
      await until(() => readers.every((reader) => reader.gifts.length > g))
      const arrivals = readers.map((reader) => (reader.gifts[g] ?? 0) - sent)
      reach50.push(percentile(arrivals, 50))
      reach99.push(percentile(arrivals, 99))
      reachAll.push(Math.max(...arrivals))
    }
    for (const reader of readers) reader.request.destroy()
    const withWords = readers.reduce((sum, reader) => sum + reader.withWords, 0)
    const gifts = readers.reduce((sum, reader) => sum + reader.gifts.length, 0)
    if (withWords !== gifts)
      throw new Error(`bench: ${gifts - withWords} gifts came without the fan's words`)
    return [
      `one process (PGlite), ${readerCount} readers, ${grantsOneProcess} grants, each gift with a ${[...fanName].length}-letter name and a ${[...fanMessage].length}-letter message:`,
      `  a gift reaches half the readers (p50): median ${ms(percentile(reach50, 50))}, worst ${ms(Math.max(...reach50))}`,
      `  a gift reaches 99% of readers (p99): median ${ms(percentile(reach99, 50))}, worst ${ms(Math.max(...reach99))} (all readers: worst ${ms(Math.max(...reachAll))})`,
      `  gifts read with the name and message: ${withWords} of ${gifts}`,
      `  server memory per reader: ${perReaderKb.toFixed(1)} KB (RSS ${Math.round(before / 1024)} MB before the readers)`,
    ]
  } finally {
    await server.stop()
  }
}

async function twoProcesses(): Promise<string[]> {
  const database = await createPostgresDatabase('bench_stage')
  const servers: RunningServer[] = []
  try {
    servers.push(await startBenchServer({ DATABASE_URL: database.url }))
    servers.push(await startBenchServer({ DATABASE_URL: database.url }))
    const [a, b] = servers as [RunningServer, RunningServer]
    const codes = await buyCodesOverHttp(a.url, grantsTwoProcesses)
    const reader = await openReader(b.url)
    const delays: number[] = []
    for (let g = 0; g < grantsTwoProcesses; g++) {
      const sent = await redeem(a.url, codes[g] ?? '')
      await until(() => reader.gifts.length > g)
      delays.push((reader.gifts[g] ?? 0) - sent)
    }
    reader.request.destroy()
    return [
      `two processes on one PostgreSQL, ${grantsTwoProcesses} grants on A, one reader on B:`,
      `  kiosk request on A to the gift on B: p50 ${ms(percentile(delays, 50))}, p99 ${ms(percentile(delays, 99))}, max ${ms(Math.max(...delays))}`,
    ]
  } finally {
    for (const server of servers) await server.stop()
    await database.drop()
  }
}

/** Runs both and prints the lines bench/results.md records. */
export async function benchStage(): Promise<void> {
  // `BENCH_STAGE_ONLY=readers`: the 1,000 readers alone.
  const readersOnly = process.env.BENCH_STAGE_ONLY === 'readers'
  const lines = [
    ...(await oneProcess()),
    ...(readersOnly ? [] : [...(await twoProcesses()), ...(await benchStageSeats())]),
  ]
  console.log(`\nstage stream\n${lines.join('\n')}`)
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchStage().catch((error) => {
    console.error(error)
    process.exit(1)
  })
}
