import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, expect, test } from 'vitest'
import { DataFolderBusyError, lockDataFolder } from './data-folder-lock'

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'punchline-lock-'))
afterAll(() => fs.rmSync(work, { recursive: true, force: true }))

function folder(name: string): string {
  const dir = path.join(work, name)
  fs.mkdirSync(dir, { recursive: true })
  return dir
}

const bootId = fs.existsSync('/proc/sys/kernel/random/boot_id')
  ? fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim()
  : ''

test('one holder at a time; released, the folder can be opened again', () => {
  const dir = folder('one')
  const release = lockDataFolder(dir)
  expect(() => lockDataFolder(dir)).toThrow(DataFolderBusyError)
  expect(JSON.parse(fs.readFileSync(path.join(dir, 'pglite.lock'), 'utf8')).pid).toBe(process.pid)
  release()
  expect(fs.existsSync(path.join(dir, 'pglite.lock'))).toBe(false)
  lockDataFolder(dir)()
})

test('a lock left by a process that died, or before a reboot, is taken over', () => {
  const dead = folder('dead')
  // The largest pid Linux hands out is below 2^22.
  fs.writeFileSync(
    path.join(dead, 'pglite.lock'),
    JSON.stringify({ pid: 2 ** 22 + 1, boot: bootId }),
  )
  lockDataFolder(dead)()

  const rebooted = folder('rebooted')
  // pid 1 always runs; its lock is from another boot.
  fs.writeFileSync(
    path.join(rebooted, 'pglite.lock'),
    JSON.stringify({ pid: 1, boot: 'another-boot' }),
  )
  lockDataFolder(rebooted)()

  const garbled = folder('garbled')
  fs.writeFileSync(path.join(garbled, 'pglite.lock'), 'not json')
  lockDataFolder(garbled)()
})

test('the admin command refuses, in one line, a data folder the server holds', async () => {
  const dataDir = folder('held')
  const release = lockDataFolder(dataDir)
  try {
    const run = promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'src/cli/admin.ts', 'orders', 'list'],
      { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, timeout: 60_000 },
    )
    const failed = await run.then(
      () => undefined,
      (error: { code: number; stderr: string; stdout: string }) => error,
    )
    expect(failed?.code).toBe(1)
    const lines = failed?.stderr.trim().split('\n') ?? []
    expect(lines).toHaveLength(1)
    expect(lines[0]).toContain(
      `is in use by another process (pid ${process.pid}, most likely the server)`,
    )
    expect(lines[0]).toContain('Stop the server')
    // Nothing was created in the folder it was refused.
    expect(fs.readdirSync(dataDir).sort()).toEqual(['pglite.lock'])
  } finally {
    release()
  }
})
