// Builds the browser app into dist/client, then pre-renders the pages that have a
// pre-render entry. `npm start` calls this when the build is missing or older than the sources.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'

const run = (command, args) => execFileSync(command, args, { stdio: 'inherit' })

run(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'])
if (fs.existsSync('scripts/prerender.ts')) {
  run(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/prerender.ts'])
}
fs.writeFileSync('dist/.build-stamp', new Date().toISOString())
console.log('build: dist/client is ready')
