// How a process of the built server or of its operator commands is started (`npm start`, the
// tests' servers and commands): Node on dist/node, stack traces read back to src/ by the maps.
import { spawn } from 'node:child_process'
import os from 'node:os'
import path from 'node:path'
import { distPaths } from '../src/shared/page-rendering'

export const builtServer = ['--enable-source-maps', path.join(distPaths.node, 'start.mjs')]
export const builtAdmin = ['--enable-source-maps', path.join(distPaths.node, 'admin.mjs')]

/**
 * Runs a built process in this one's place: its output on ours, SIGINT and SIGTERM passed on, and
 * its end as ours. Killed by a signal, it exits as a shell reports it (128 + the signal's number,
 * 137 for SIGKILL), so a supervisor sees it did not stop cleanly.
 */
export function handOverTo(args: string[]): void {
  const child = spawn(process.execPath, args, { stdio: 'inherit' })
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal))
  child.on('exit', (code, signal) => {
    process.exit(signal ? 128 + (os.constants.signals[signal] ?? 0) : (code ?? 1))
  })
}
