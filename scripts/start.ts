// `npm start`: build the browser app and the server when missing or stale, then serve the site.
import { spawn } from 'node:child_process'
import os from 'node:os'
import { buildIfStale } from './build-if-stale'
import { builtServer } from './built-server'

buildIfStale()

// One process, so signals and memory figures are the server's own: the server as built, which
// starts without compiling TypeScript (docs/decisions/030-the-server-runs-built.md).
const server = spawn(process.execPath, builtServer, { stdio: 'inherit' })
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal))
// Killed by a signal, the server did not stop cleanly: exit as a shell reports it (128 + the
// signal's number, 137 for SIGKILL), so a supervisor restarts it. SIGTERM and SIGINT are passed
// on above and the server exits 0 from them itself.
server.on('exit', (code, signal) => {
  if (signal) process.exit(128 + (os.constants.signals[signal] ?? 0))
  process.exit(code ?? 1)
})
