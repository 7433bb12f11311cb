/**
 * What the benchmarks share: starting a server script as a child process, as `npm start` runs
 * it, on a random port, and waiting until it answers.
 */
import { type ChildProcess, spawn } from 'node:child_process'

export interface Child {
  url: string
  pid: number
  stop(): Promise<void>
}

export async function startProcess(script: string, env: Record<string, string>): Promise<Child> {
  const port = 40000 + Math.floor(Math.random() * 10000)
  const url = `http://127.0.0.1:${port}`
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, PORT: String(port), PUBLIC_URL: url, LOG_LEVEL: 'error', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const deadline = Date.now() + 90_000
  for (;;) {
    try {
      const response = await fetch(`${url}${script.includes('bare') ? '/bare' : '/healthz'}`)
      if (response.ok) break
    } catch {
      // not up yet
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGTERM')
      throw new Error(`${script} did not start`)
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return {
    url,
    pid: child.pid ?? 0,
    async stop() {
      if (child.exitCode !== null) return
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
    },
  }
}
