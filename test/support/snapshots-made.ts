/**
 * Whether this run's migrated databases (database-snapshots.ts) are made yet. globalSetup starts
 * them without waiting, and a file opens a database only once they are made: a marker file,
 * named in the environment the workers inherit, appears holding `ready` or why they failed.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'

const readyVariable = 'TEST_SNAPSHOTS_READY'
const ready = 'ready'

/** Names the marker for the workers to come; globalSetup writes it once the snapshots settle. */
export function markSnapshots(): { write(failure: string | undefined): void; remove(): void } {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'punchline-snapshots-'))
  const marker = path.join(folder, 'ready')
  process.env[readyVariable] = marker
  return {
    write(failure) {
      // Written whole, then moved into place: a worker never reads half of it.
      fs.writeFileSync(`${marker}.part`, failure ?? ready)
      fs.renameSync(`${marker}.part`, marker)
    },
    remove() {
      delete process.env[readyVariable]
      fs.rmSync(folder, { recursive: true, force: true })
    },
  }
}

let waited: Promise<boolean> | undefined

/**
 * Waits until this run's snapshots are made: true then, false when the run has none (a script
 * outside Vitest), which then migrates its databases the long way. Throws when they failed.
 */
export function snapshotsMade(): Promise<boolean> {
  waited ??= (async () => {
    const marker = process.env[readyVariable]
    if (!marker) return false
    // They take 10 s on an idle machine: two minutes is a machine in trouble.
    const deadline = Date.now() + 120_000
    while (!fs.existsSync(marker)) {
      if (Date.now() > deadline) {
        throw new Error(`The test databases were not made within 2 minutes (${marker})`)
      }
      await sleep(50)
    }
    const outcome = fs.readFileSync(marker, 'utf8')
    if (outcome !== ready) throw new Error(`The test databases could not be made: ${outcome}`)
    return true
  })()
  return waited
}
