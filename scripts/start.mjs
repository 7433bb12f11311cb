// `npm start`: build the browser app when it is missing or stale, then serve the whole site.
import { execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const stamp = 'dist/.build-stamp'
const sources = ['src', 'public', 'scripts', 'index.html', 'vite.config.ts', 'package.json']

function newestMtime(entry) {
  if (!fs.existsSync(entry)) return 0
  const stat = fs.statSync(entry)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const child of fs.readdirSync(entry)) {
    newest = Math.max(newest, newestMtime(path.join(entry, child)))
  }
  return newest
}

const builtAt = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0
if (builtAt < Math.max(...sources.map(newestMtime))) {
  execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' })
}

// One process (tsx as a loader, not a wrapper), so signals and memory figures are the server's own.
const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
  stdio: 'inherit',
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
server.on('exit', (code) => process.exit(code ?? 0))
