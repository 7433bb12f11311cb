// Starts the real server, built, as `npm start` runs it: the one way browser tests and benchmarks do.
import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { builtServer } from '../../scripts/built-server'
import { seedPgliteDataDir } from './databases'

export interface RunningServer {
  url: string
  dataDir: string
  pid: number
  /** Everything the process printed so far (stdout and stderr). */
  output(): string
  /**
   * SIGTERM, then SIGKILL after 10 s; removes the data folder unless it was given. Returns the
   * exit code or signal.
   */
  stop(): Promise<number | NodeJS.Signals | null>
}

export interface StartOptions {
  /**
   * A TypeScript file to run through tsx (a benchmark's bare server); unset, the real server as
   * `npm start` runs it, built (dist/node/start.mjs).
   */
  script?: string
  /** Answers 200 once the process is ready. */
  readyPath?: string
  /** Where the process prints; piped and kept (see `output()`) unless 'inherit'. */
  stdio?: 'pipe' | 'inherit'
  /**
   * The data folder to use and keep after stop(); unset, a fresh one that stop() removes, its
   * embedded database the run's migrated copy (databases.ts). A first start on an empty
   * folder is start-up.test.ts's `npm start`.
   */
  dataDir?: string
}

/**
 * The servers this process started and has not stopped. A test that times out goes on running
 * after Vitest has moved on, and its `finally` may never stop what it started: when the worker
 * exits, whatever is left is killed, so no server outlives the run that started it.
 */
const running = new Set<ChildProcess>()
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL')
})

/** Runs a process to its end: its exit code (null after a signal) and all it printed. */
export function runToExit(child: ChildProcess): Promise<{ code: number | null; output: string }> {
  let output = ''
  child.stdout?.on('data', (chunk) => {
    output += chunk
  })
  child.stderr?.on('data', (chunk) => {
    output += chunk
  })
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })))
}

/** Waits until `check` answers true (a failing check counts as false), every 100 ms, for `ms`. */
export async function waitFor(
  check: () => Promise<boolean>,
  what: string,
  ms = 30_000,
): Promise<void> {
  const deadline = Date.now() + ms
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** A port nobody listens on right now, from the kernel. */
export async function freePort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

/**
 * Starts the real server as `npm start` runs it (one Node process on the build that `npm test`,
 * or the browser tests' set-up, made first) on a free port with a fresh data folder, and waits until it
 * is ready. The one way browser tests and benchmarks start a server.
 */
export async function startServer(
  env: Record<string, string> = {},
  options: StartOptions = {},
): Promise<RunningServer> {
  const script = options.script ?? 'src/server/start.ts'
  const argv = options.script ? ['--import', 'tsx', options.script] : builtServer
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'punchline-test-'))
  if (!options.dataDir && !env.DATABASE_URL) seedPgliteDataDir(dataDir)
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const child: ChildProcess = spawn(process.execPath, argv, {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', options.stdio ?? 'pipe', options.stdio ?? 'pipe'],
  })
  running.add(child)
  child.once('exit', () => running.delete(child))
  let output = ''
  child.stdout?.on('data', (chunk) => {
    output += chunk
  })
  child.stderr?.on('data', (chunk) => {
    output += chunk
  })
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal)),
  )

  const deadline = Date.now() + 90_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${script} exited early:\n${output}`)
    try {
      const response = await fetch(`${url}${options.readyPath ?? '/healthz'}`)
      if (response.ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`${script} did not become ready:\n${output}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }

  return {
    url,
    dataDir,
    pid: child.pid ?? 0,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM')
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
        await exited
        clearTimeout(timer)
      }
      if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
      return exited
    },
  }
}
