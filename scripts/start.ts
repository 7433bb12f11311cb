// `npm start`: build the browser app when it is missing or stale, then serve the whole site.
import { execFileSync, spawn } from 'node:child_process'
import os from 'node:os'
import { buildIsStale } from './build-freshness'

if (buildIsStale()) {
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
