import { execFile, spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createInterface } from 'node:readline'
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
const hasProc = fs.existsSync('/proc/self/stat')

/** A pid's start time in clock ticks since boot, read here on its own: field 22 of its stat. */
function startOf(pid: number): string {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? ''
}

function leaveLock(dir: string, holder: object, name = 'pglite.lock'): string {
  const content = JSON.stringify(holder)
  fs.writeFileSync(path.join(dir, name), content)
  return content
}

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

test.skipIf(!hasProc)(
  "a lock naming our pid from another boot or another start is another run's, taken over",
  () => {
    const me = { pid: process.pid, boot: bootId, start: startOf(process.pid) }
    const others = {
      'other-boot': { ...me, boot: 'another-boot' },
      // A container restarted: pid 1 again, started later.
      'other-start': { ...me, start: String(Number(me.start) - 1) },
      'no-start': { pid: process.pid, boot: bootId },
    }
    for (const [name, holder] of Object.entries(others)) {
      const dir = folder(name)
      leaveLock(dir, holder)
      const release = lockDataFolder(dir)
      expect(JSON.parse(fs.readFileSync(path.join(dir, 'pglite.lock'), 'utf8'))).toEqual(me)
      expect(fs.readdirSync(dir)).toEqual(['pglite.lock'])
      release()
      expect(fs.readdirSync(dir)).toEqual([])
    }
  },
)

test.skipIf(!hasProc)(
  "a lock naming our pid, boot and start is this process's: the folder is busy",
  () => {
    const dir = folder('ours')
    leaveLock(dir, { pid: process.pid, boot: bootId, start: startOf(process.pid) })
    expect(() => lockDataFolder(dir)).toThrow(`(pid ${process.pid}, most likely the server)`)
    expect(fs.readdirSync(dir)).toEqual(['pglite.lock'])
  },
)

test.skipIf(!hasProc)(
  'a running process keeps its lock; its pid, started at another time, does not',
  () => {
    const live = folder('live')
    leaveLock(live, { pid: 1, boot: bootId, start: startOf(1) })
    expect(() => lockDataFolder(live)).toThrow('(pid 1, most likely the server)')
    // Written by an older version, without a start time: no proof, so kept too.
    leaveLock(live, { pid: 1, boot: bootId })
    expect(() => lockDataFolder(live)).toThrow('(pid 1, most likely the server)')
    expect(fs.readdirSync(live)).toEqual(['pglite.lock'])

    const reused = folder('reused')
    leaveLock(reused, { pid: 1, boot: bootId, start: String(Number(startOf(1)) + 1) })
    lockDataFolder(reused)()
    expect(fs.readdirSync(reused)).toEqual([])
  },
)

test('a takeover cut short by its process dying does not hold up the next one', () => {
  const dir = folder('claimed')
  const lock = leaveLock(dir, { pid: 2 ** 22 + 1, boot: bootId, start: '1' })
  const digest = createHash('sha256').update(lock).digest('hex').slice(0, 16)
  const claim = `pglite.lock.takeover-${digest}`
  leaveLock(dir, { pid: 2 ** 22 + 2, boot: bootId, start: '2' }, claim)
  lockDataFolder(dir)()
  expect(fs.readdirSync(dir)).toEqual([])
})

/** A process of its own racing for folders (test/support/lock-contender.ts), one line at a time. */
function contender() {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/lock-contender.ts'], {
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]()
  return {
    pid: child.pid,
    send: (line: string) => child.stdin.write(`${line}\n`),
    answer: async (): Promise<string> => {
      const next = await lines.next()
      if (next.done) throw new Error(`contender ${child.pid} exited`)
      return next.value
    },
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve(undefined)
        child.once('exit', resolve)
        child.stdin.end()
      }),
  }
}

/**
 * Rounds of four processes started together on a fresh folder each, `old` in it if given: what
 * went wrong, a line per fault. A round's owner holds the lock until all four have answered.
 */
async function race(rounds: number, old?: object): Promise<string[]> {
  const contenders = Array.from({ length: 4 }, contender)
  const faults: string[] = []
  try {
    for (let round = 0; round < rounds; round++) {
      const dir = folder(`race-${old ? 'old' : 'none'}-${round}`)
      if (old) leaveLock(dir, old)
      // The barrier: an instant 20 ms ahead, when all four are waiting for it.
      const instant = process.hrtime.bigint() + 20_000_000n
      for (const c of contenders) c.send(`lock ${instant} ${dir}`)
      const answers = await Promise.all(contenders.map((c) => c.answer()))
      const owners = contenders.filter((_, i) => answers[i] === 'owner').map((c) => c.pid)
      if (owners.length !== 1) faults.push(`round ${round}: ${owners.length} owners`)
      for (const answer of answers.filter((a) => a !== 'owner')) {
        const named = `is in use by another process (pid ${owners[0]}, most likely the server)`
        if (!answer.includes(named) || !answer.includes('Stop the server')) {
          faults.push(`round ${round}: ${answer}`)
        }
      }
      for (const c of contenders) c.send('release')
      await Promise.all(contenders.map((c) => c.answer()))
      const left = fs.readdirSync(dir)
      if (left.length > 0) faults.push(`round ${round}: left ${left.join(', ')}`)
    }
  } finally {
    await Promise.all(contenders.map((c) => c.stop()))
  }
  return faults
}

test('processes started together: one owns the folder each time, the others hear why', async () => {
  expect(await race(50)).toEqual([])
}, 60_000)

test('processes started together on an abandoned lock: each time one takes it over', async () => {
  expect(await race(50, { pid: 2 ** 22 + 1, boot: bootId, start: '1' })).toEqual([])
}, 60_000)
