// Builds when the build is missing or older than the sources: `npm start` and the benchmarks run
// the build, so they make it first.
import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { buildIsStale } from './build-freshness'

export function buildIfStale(): void {
  if (!buildIsStale()) return
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { stdio: 'inherit' })
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  buildIfStale()
}
