// `npm start`: build the browser app when it is missing or stale, then serve the whole site.
import { execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { distPaths } from '../src/shared/page-rendering'

const sources = [
  'src',
  'public',
  'scripts',
  'index.html',
  'overlay.html',
  'vite.config.ts',
  'package.json',
]

function newestMtime(entry: string): number {
  if (!fs.existsSync(entry)) return 0
  const stat = fs.statSync(entry)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const child of fs.readdirSync(entry)) {
    newest = Math.max(newest, newestMtime(path.join(entry, child)))
  }
  return newest
}

const builtAt = fs.existsSync(distPaths.buildStamp) ? fs.statSync(distPaths.buildStamp).mtimeMs : 0
if (builtAt < Math.max(...sources.map(newestMtime))) {
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { stdio: 'inherit' })
}

// One process (tsx as a loader, not a wrapper), so signals and memory figures are the server's own.
const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/start.ts'], {
  stdio: 'inherit',
})
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal))
// Killed by a signal, the server did not stop cleanly: exit as a shell reports it (128 + the
// signal's number, 137 for SIGKILL), so a supervisor restarts it. SIGTERM and SIGINT are passed
// on above and the server exits 0 from them itself.
server.on('exit', (code, signal) => {
  if (signal) process.exit(128 + (os.constants.signals[signal] ?? 0))
  process.exit(code ?? 1)
})
