/**
 * The stage stream's seats (docs/stage.md, "Limits"), run by bench/stage.ts: one process (PGlite)
 * flooded as in the security review, 625 addresses of 10.66.0.0/22 (three /24s) holding 8 streams
 * each, 5,000 in all, the public pool full. Then 200 newcomers, each from a /24 of its own, and 20
 * streams with the stage key (the overlay's URL from the host's `stage key`). Figures: the streams
 * held, the server's memory per stream (RSS growth / streams, the median of the runs), who got in.
 */
import fs from 'node:fs'
import http from 'node:http'
import type { RunningServer } from '#test/server'
import { connectOperatorChannel } from '../src/server/adapters/operator-channel-client'
import { stageApi, stageKeyParam } from '../src/shared/stage'
import { startBenchServer } from './bench-server'

const runs = Number(process.env.BENCH_SEATS_RUNS ?? 3)
const perAddress = 8
const floodAddresses = 625
const newcomers = 200
const overlays = 20

/** An open stream, or the status it was refused with. */
interface Opened {
  status: number
  /** True once the server closed it. */
  closed: () => boolean
  destroy(): void
}

const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY })

function rssKb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)
}

/** Opens a stream from `address`; resolves once its first events came, or with its refusal. */
function open(base: string, address: string, query = ''): Promise<Opened> {
  return new Promise((resolve, reject) => {
    let closed = false
    const request = http.get(
      `${base}${stageApi.events}${query}`,
      { agent, headers: { 'x-forwarded-for': address } },
      (response) => {
        const opened: Opened = {
          status: response.statusCode ?? 0,
          closed: () => closed,
          destroy: () => request.destroy(),
        }
        response.on('close', () => {
          closed = true
        })
        if (response.statusCode !== 200) {
          response.resume()
          return resolve(opened)
        }
        response.setEncoding('utf8')
        let text = ''
        const started = (chunk: string) => {
          text += chunk
          if (!text.includes('event: total')) return
          response.off('data', started)
          response.resume()
          resolve(opened)
        }
        response.on('data', started)
      },
    )
    request.on('error', (error) => (closed ? undefined : reject(error)))
  })
}

/** Opens `count` streams, 100 at a time. */
async function openAll(count: number, make: (i: number) => Promise<Opened>): Promise<Opened[]> {
  const opened: Opened[] = []
  for (let i = 0; i < count; i += 100) {
    const batch = Array.from({ length: Math.min(100, count - i) }, (_, n) => make(i + n))
    opened.push(...(await Promise.all(batch)))
  }
  return opened
}

const floodAddress = (i: number) => `10.66.${i >> 8}.${i & 255}`
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0

interface Run {
  held: number
  kbPerStream: number
  refusedFromFlood: number
  newcomersIn: number
  floodClosed: number
  overlaysIn: number
}

async function oneRun(): Promise<Run> {
  const server: RunningServer = await startBenchServer()
  const opened: Opened[] = []
  try {
    const call = await connectOperatorChannel(server.dataDir, { who: 'bench' })
    if (!call) throw new Error('bench: no operator channel')
    const { key } = await call('stage.key', {})
    // One stream first, so the code paths are loaded before the memory is read.
    const warm = await open(server.url, '10.9.0.1')
    warm.destroy()
    await sleep(500)
    const before = rssKb(server.pid)
    const flood = await openAll(floodAddresses * perAddress, (i) =>
      open(server.url, floodAddress(1 + Math.floor(i / perAddress))),
    )
    opened.push(...flood)
    await sleep(500)
    const held = flood.filter((s) => s.status === 200).length
    const kbPerStream = (rssKb(server.pid) - before) / held
    // A fresh address of a flooded /24 (10.66.0.0/24: 255 addresses at 8, over its share).
    const again = await open(server.url, '10.66.0.0')
    opened.push(again)
    const fresh = await openAll(newcomers, (i) => open(server.url, `10.100.${i}.1`))
    opened.push(...fresh)
    const keyed = await openAll(overlays, (i) =>
      open(server.url, floodAddress(1 + i), `?${stageKeyParam}=${key}`),
    )
    opened.push(...keyed)
    await sleep(200)
    return {
      held,
      kbPerStream,
      refusedFromFlood: again.status === 429 ? 1 : 0,
      newcomersIn: fresh.filter((s) => s.status === 200).length,
      floodClosed: flood.filter((s) => s.status === 200 && s.closed()).length,
      overlaysIn: keyed.filter((s) => s.status === 200 && !s.closed()).length,
    }
  } finally {
    for (const stream of opened) stream.destroy()
    await server.stop()
  }
}

/** The lines bench/results.md records. */
export async function benchStageSeats(): Promise<string[]> {
  const results: Run[] = []
  for (let i = 0; i < runs; i++) results.push(await oneRun())
  const last = results.at(-1) as Run
  const kb = results.map((r) => r.kbPerStream)
  return [
    `one process (PGlite), the public pool flooded by ${floodAddresses} addresses of three /24s, ${perAddress} streams each (${runs} runs):`,
    `  streams held: ${results.map((r) => r.held).join(', ')}; memory per stream (RSS growth / streams): median ${median(kb).toFixed(1)} KB (${kb.map((v) => v.toFixed(1)).join(', ')})`,
    `  one more from a flooded /24, over its share: ${last.refusedFromFlood ? 'refused (429)' : 'let in'}`,
    `  ${newcomers} newcomers, each from a /24 of its own: ${last.newcomersIn} got in, ${last.floodClosed} of the flood's streams closed`,
    `  ${overlays} streams with the stage key, pool full: ${last.overlaysIn} got in`,
  ]
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchStageSeats()
    .then((lines) => console.log(`\nstage stream seats\n${lines.join('\n')}`))
    .catch((error) => {
      console.error(error)
      process.exit(1)
    })
}
