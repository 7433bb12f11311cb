import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { ManualClock } from '#test/clock'
import { pgliteImage } from '#test/databases'
import { isOperatorActionName } from '../../core/operator/run-action'
import { Refusal } from '../../core/refusal'
import { openDatabase } from './db/database'
import { startOperatorChannel } from './operator-channel'
import { connectOperatorChannel } from './operator-channel-client'

// The server's own actions on its channel (a backup): for the command line beside the server
// alone, never the console's API, and only those named.
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'punchline-server-actions-'))
afterAll(() => fs.rmSync(work, { recursive: true, force: true }))

test("the channel runs the server's own actions by name, and nothing else under another name", async () => {
  const db = await openDatabase({ pgliteImage: await pgliteImage() })
  const dataDir = path.join(work, 'data')
  fs.mkdirSync(dataDir, { mode: 0o700 })
  const asked: unknown[] = []
  const channel = await startOperatorChannel({
    dataDir,
    deps: { db, clock: new ManualClock('2026-11-25T19:00:00Z') },
    log: { info: () => {}, warn: () => {}, error: () => {} },
    serverActions: {
      'data.backup': async (input) => {
        asked.push(input)
        return { file: '/backups/one.tar.gz' }
      },
    },
  })
  try {
    const call = await connectOperatorChannel(dataDir, { who: 'host' })
    expect(await call?.server('data.backup', { to: '/backups/one.tar.gz' })).toEqual({
      file: '/backups/one.tar.gz',
    })
    expect(asked).toEqual([{ to: '/backups/one.tar.gz' }])
    // What every object has is not an action.
    for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      await expect(call?.server(name, {})).rejects.toBeInstanceOf(Refusal)
    }
    // The console's API dispatches on the operator's actions: a backup is not one of them.
    expect(isOperatorActionName('data.backup')).toBe(false)
    // The operator's actions still run beside them.
    expect((await call?.('audit.list', {}))?.page).toBe(1)
  } finally {
    await channel.close()
    await db.destroy()
  }
})
