// Builds the browser app into dist/client, pre-renders / and /store, and compresses every text
// asset once (Brotli and gzip) so the server sends ready-made files instead of compressing each
// response; then the server and the operator commands for Node (dist/node). `npm start` calls
// this when the build is missing or older than the sources.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { distPaths } from '../src/shared/page-rendering'
import { bundleServer } from './bundle-server'

const run = (command: string, args: string[]) => execFileSync(command, args, { stdio: 'inherit' })

run(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'])
run(process.execPath, ['--import', 'tsx', 'scripts/prerender.ts'])

const compressible = /\.(js|css|html|svg|json|txt|xml|webmanifest)$/
function compressTree(dir: string) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name)
    if (entry.isDirectory()) compressTree(file)
    else if (compressible.test(entry.name)) {
      const content = fs.readFileSync(file)
      if (content.length < 1024) continue
      fs.writeFileSync(
        `${file}.br`,
        zlib.brotliCompressSync(content, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY },
        }),
      )
      fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }))
    }
  }
}
compressTree(distPaths.client)
await bundleServer()

fs.writeFileSync(distPaths.buildStamp, new Date().toISOString())
console.log(`build: ${distPaths.client} and ${distPaths.node} are ready`)
