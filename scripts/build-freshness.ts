// Whether the browser app's build is missing or older than its sources: `npm start` builds then,
// and so does a run of the browser tests.
import fs from 'node:fs'
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

export function buildIsStale(): boolean {
  const builtAt = fs.existsSync(distPaths.buildStamp)
    ? fs.statSync(distPaths.buildStamp).mtimeMs
    : 0
  return builtAt < Math.max(...sources.map(newestMtime))
}
