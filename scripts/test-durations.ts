// `npm run test:durations`: after a run of the tests, writes how long each file took (Vitest's own
// record of its last run on this machine) to test/file-durations.json, which a fresh clone's run
// orders its files by, the longest first (test/support/sequencer.ts). Files the run left out keep
// what was recorded before; files that no longer exist are dropped.
import fs from 'node:fs'
import path from 'node:path'
import { recordedDurationsFile } from '../test/support/sequencer'

const cacheRoot = path.resolve('node_modules/.vite/vitest')
const caches = fs.existsSync(cacheRoot)
  ? fs
      .readdirSync(cacheRoot)
      .map((folder) => path.join(cacheRoot, folder, 'results.json'))
      .filter((file) => fs.existsSync(file))
      .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)
  : []
const newest = caches[0]
if (!newest) {
  console.error('No record of a test run here: run `npm test` first.')
  process.exit(1)
}

const { results } = JSON.parse(fs.readFileSync(newest, 'utf8')) as {
  results: [string, { duration: number; failed: boolean }][]
}
const before = fs.existsSync(recordedDurationsFile)
  ? (JSON.parse(fs.readFileSync(recordedDurationsFile, 'utf8')) as Record<string, number>)
  : {}
const durations: Record<string, number> = { ...before }
for (const [key, { duration }] of results) {
  // Tenths of a second: what orders the files, without a change in every line at each record.
  durations[key] = Math.round(duration / 100) * 100
}
const existing = Object.entries(durations)
  .filter(([key]) => fs.existsSync(key.slice(key.indexOf(':') + 1)))
  .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
fs.writeFileSync(
  recordedDurationsFile,
  `${JSON.stringify(Object.fromEntries(existing), null, 2)}\n`,
)
console.log(
  `Recorded ${existing.length} files' durations in ${path.relative('.', recordedDurationsFile)}`,
)
