import { execFile } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ManualClock } from '#test/clock'
import { type OpenTestDatabase, testDatabases } from '#test/databases'
import type { Db } from '../../core/db/schema'
import { Refusal } from '../../core/refusal'
import { type OperatorChannel, startOperatorChannel } from './operator-channel'
import { connectOperatorChannel, readTokenFile } from './operator-channel-client'

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'punchline-channel-'))
afterAll(() => fs.rmSync(work, { recursive: true, force: true }))

let folders = 0
function dataDir(name = 'data'): string {
  const dir = path.join(work, `${name}-${++folders}`)
  fs.mkdirSync(dir)
  return dir
}

const modeOf = (file: string) => fs.statSync(file).mode & 0o777

/** One connection, line by line: what a CLI of another version or a stranger could send. */
async function rawConnection(socketPath: string) {
  const socket = net.connect(socketPath)
  await new Promise((resolve, reject) => socket.once('connect', resolve).once('error', reject))
  const lines = createInterface({ input: socket })[Symbol.asyncIterator]()
  return {
    send: (text: string | Buffer) => socket.write(text),
    /** The next answer, parsed; undefined once the server has closed the connection. */
    answer: async () => {
      const next = await lines.next()
      return next.done ? undefined : JSON.parse(next.value)
    },
    close: () => socket.destroy(),
  }
}

describe.each(testDatabases)('the operator channel on $name', (database) => {
  let opened: OpenTestDatabase
  let db: Db
  const clock = new ManualClock('2026-11-24T18:00:00Z')
  const logged: string[] = []
  const log = {
    info: (line: string) => logged.push(line),
    warn: (line: string) => logged.push(line),
    error: (line: string) => logged.push(line),
  }
  const start = (dir: string) =>
    startOperatorChannel({
      dataDir: dir,
      deps: { db, clock, console: { publicUrl: 'http://store.test', adminEmails: [] } },
      log,
    })
  const tokenOf = (channel: OperatorChannel) =>
    JSON.parse(fs.readFileSync(channel.tokenPath, 'utf8')).token as string
  const operatorEvents = async () =>
    (await db.selectFrom('events').select('id').where('source', '=', 'operator').execute()).length
  const auditLines = async () => (await db.selectFrom('audit_log').select('id').execute()).length
  const addEvent = { name: 'Channel Night', startsAt: '2026-12-01T02:00:00Z' }

  beforeAll(async () => {
    opened = await database.open()
    db = opened.db
  })
  afterAll(() => opened.close())

  test('socket and token file are 0600, the token file says where the socket is; close removes both', async () => {
    const dir = dataDir()
    const channel = await start(dir)
    expect(channel.socketPath).toBe(path.join(dir, 'admin.sock'))
    expect(fs.statSync(channel.socketPath).isSocket()).toBe(true)
    expect(modeOf(channel.socketPath)).toBe(0o600)
    expect(modeOf(channel.tokenPath)).toBe(0o600)
    const tokenFile = JSON.parse(fs.readFileSync(channel.tokenPath, 'utf8'))
    expect(tokenFile).toMatchObject({ socket: channel.socketPath, pid: process.pid })
    expect(tokenFile.token).toMatch(/^[\w-]{43}$/)
    expect(fs.readdirSync(dir).sort()).toEqual(['admin.sock', 'admin.token'])
    await channel.close()
    expect(fs.readdirSync(dir)).toEqual([])
  })

  test('a request with a wrong or no token is refused, runs nothing, and the token is not logged', async () => {
    const channel = await start(dataDir())
    const [events, audit] = [await operatorEvents(), await auditLines()]
    logged.length = 0
    try {
      for (const token of ['x'.repeat(43), '', undefined, 42]) {
        const connection = await rawConnection(channel.socketPath)
        connection.send(
          `${JSON.stringify({ token, action: 'events.add', input: addEvent, who: 'mallory' })}\n`,
        )
        expect(await connection.answer()).toEqual({
          ok: false,
          refusal: { message: `Refused: that is not the token in ${channel.tokenPath}.` },
        })
        // The connection is over: a second try needs a new one.
        expect(await connection.answer()).toBeUndefined()
      }
      expect([await operatorEvents(), await auditLines()]).toEqual([events, audit])
      expect(logged).toEqual([
        'operator channel: refused a request with a wrong token',
        ...Array(3).fill('operator channel: refused a request with no token'),
      ])
      expect(logged.join('\n')).not.toContain(tokenOf(channel))
      expect(logged.join('\n')).not.toContain('x'.repeat(43))
    } finally {
      await channel.close()
    }
  })

  test('a line that is not JSON, not a request, or too long is refused and the connection closed', async () => {
    const channel = await start(dataDir())
    const token = tokenOf(channel)
    try {
      const refusals: string[] = []
      for (const line of [
        'not json\n',
        `${JSON.stringify({ token, action: 'events.add', input: addEvent })}\n`,
        `${JSON.stringify({ token, action: 'events.add', input: addEvent, who: 'a\u0007b' })}\n`,
        // Over 1 MB: refused before the end of the line arrives, and before it is parsed.
        Buffer.alloc(1024 * 1024 + 10, 'a'),
        `${JSON.stringify({ token, action: 'events.add', input: { ...addEvent, description: 'd'.repeat(1024 * 1024) }, who: 'root' })}\n`,
      ]) {
        const connection = await rawConnection(channel.socketPath)
        connection.send(line)
        const answer = await connection.answer()
        expect(answer.ok).toBe(false)
        refusals.push(answer.refusal.message)
        expect(await connection.answer()).toBeUndefined()
      }
      expect(refusals).toEqual([
        'Not a request: send one JSON object per line.',
        'Not a request: give action, input and who.',
        'Not a request: give action, input and who.',
        'Refused: a line too long.',
        'Refused: a line too long.',
      ])
      expect(await operatorEvents()).toBe(0)
    } finally {
      await channel.close()
    }
  })

  test('an unknown action is refused; a good request on the same connection then runs, as its who via cli', async () => {
    const channel = await start(dataDir())
    const token = tokenOf(channel)
    try {
      const connection = await rawConnection(channel.socketPath)
      connection.send(
        `${JSON.stringify({ token, action: 'orders.drop', input: {}, who: 'root' })}\n`,
      )
      expect(await connection.answer()).toEqual({
        ok: false,
        refusal: { message: 'There is no action "orders.drop".' },
      })
      connection.send(
        `${JSON.stringify({ token, action: 'events.add', input: addEvent, who: 'host' })}\n`,
      )
      const added = await connection.answer()
      expect(added).toMatchObject({ ok: true, result: { event: { name: 'Channel Night' } } })
      connection.send(
        `${JSON.stringify({ token, action: 'events.remove', input: { id: 'evt-none' }, who: 'host' })}\n`,
      )
      expect(await connection.answer()).toEqual({
        ok: false,
        refusal: {
          message: 'No event with id "evt-none" (see: npm run admin -- events list).',
          notFound: true,
        },
      })
      connection.close()
      const [entry] = (
        await db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').limit(1).execute()
      ).map((row) => [row.actor, row.via, row.action, row.target_id])
      expect(entry).toEqual(['host', 'cli', 'events.add', added.result.event.id])
      expect(logged).toContain('operator channel: refused root\'s unknown action "orders.drop"')
      await db.deleteFrom('events').where('id', '=', added.result.event.id).execute()
    } finally {
      await channel.close()
    }
  })

  test('who is named without C1 controls or direction overrides', async () => {
    const channel = await start(dataDir())
    try {
      const connection = await rawConnection(channel.socketPath)
      const who = 'ho\u202est\u009b'
      connection.send(
        `${JSON.stringify({ token: tokenOf(channel), action: 'events.add', input: addEvent, who })}\n`,
      )
      const added = await connection.answer()
      connection.close()
      const [entry] = await db
        .selectFrom('audit_log')
        .select(['actor', 'target_id'])
        .orderBy('id', 'desc')
        .limit(1)
        .execute()
      expect(entry).toEqual({ actor: 'host', target_id: added.result.event.id })
      await db.deleteFrom('events').where('id', '=', added.result.event.id).execute()
    } finally {
      await channel.close()
    }
  })

  test('the client: results, refusals with their details, and no channel when none answers', async () => {
    const dir = dataDir()
    expect(await connectOperatorChannel(dir, { who: 'root' })).toBeUndefined()
    const channel = await start(dir)
    const call = await connectOperatorChannel(dir, { who: 'root' })
    if (!call) throw new Error('no channel')
    expect((await call('events.list', { pageSize: 2 })).items).toHaveLength(2)
    const refusal = await call('orders.show', { id: 'ord_none' }).catch((error) => error)
    expect(refusal).toBeInstanceOf(Refusal)
    expect(refusal).toMatchObject({
      message: 'There is no order ord_none.',
      kind: 'not-found',
    })
    await channel.close()
    // Gone with the server: the command opens the database itself.
    expect(await connectOperatorChannel(dir, { who: 'root' })).toBeUndefined()
    await expect(call('events.list', {})).rejects.toThrow(/ENOENT|ECONNREFUSED/)
  })

  test("the client trusts the token file only when it and its socket are this user's own", async () => {
    const dir = dataDir()
    const channel = await start(dir)
    try {
      const uid = process.getuid?.() ?? 0
      expect(readTokenFile(dir)?.socket).toBe(channel.socketPath)
      // The same files, read by someone else: they are not theirs, so they are not used.
      expect(readTokenFile(dir, uid + 1)).toBeUndefined()
    } finally {
      await channel.close()
    }
  })

  test('a socket left by a crashed server is replaced; a token file left with it leads nowhere', async () => {
    const dir = dataDir()
    const socketPath = path.join(dir, 'admin.sock')
    // A process that listens there and is killed: its socket file stays, nobody answers.
    const crash = `require('net').createServer().listen(${JSON.stringify(socketPath)}, () => process.kill(process.pid, 'SIGKILL'))`
    await promisify(execFile)(process.execPath, ['-e', crash]).catch(() => undefined)
    expect(fs.statSync(socketPath).isSocket()).toBe(true)
    fs.writeFileSync(
      path.join(dir, 'admin.token'),
      JSON.stringify({ socket: socketPath, token: 'y'.repeat(43) }),
      { mode: 0o600 },
    )
    const started = Date.now()
    expect(await connectOperatorChannel(dir, { who: 'root' })).toBeUndefined()
    expect(Date.now() - started).toBeLessThan(1000)

    const channel = await start(dir)
    try {
      const call = await connectOperatorChannel(dir, { who: 'root' })
      expect((await call?.('events.list', { pageSize: 1 }))?.items).toHaveLength(1)
    } finally {
      await channel.close()
    }
  })

  test('a DATA_DIR too deep for a socket path: the socket is in a 0700 folder of the temp folder, and the token file says so', async () => {
    const deep = path.join(dataDir('deep'), 'd'.repeat(60), 'e'.repeat(60))
    fs.mkdirSync(deep, { recursive: true })
    const channel = await start(deep)
    try {
      expect(channel.socketPath.startsWith(path.join(os.tmpdir(), 'punchline-'))).toBe(true)
      expect(Buffer.byteLength(channel.socketPath)).toBeLessThanOrEqual(103)
      expect(modeOf(path.dirname(channel.socketPath))).toBe(0o700)
      expect(modeOf(channel.socketPath)).toBe(0o600)
      expect(JSON.parse(fs.readFileSync(channel.tokenPath, 'utf8')).socket).toBe(channel.socketPath)
      const call = await connectOperatorChannel(deep, { who: 'root' })
      expect((await call?.('events.list', { pageSize: 1 }))?.items).toHaveLength(1)
    } finally {
      await channel.close()
    }
    expect(fs.existsSync(channel.socketPath)).toBe(false)
  })

  test.skipIf(process.getuid?.() !== 0)(
    "a socket owned by another user than the token file's is not trusted",
    async () => {
      const dir = dataDir()
      const channel = await start(dir)
      try {
        fs.chownSync(channel.socketPath, 65534, 65534)
        expect(await connectOperatorChannel(dir, { who: 'root' })).toBeUndefined()
      } finally {
        await channel.close()
      }
    },
  )

  test('closing takes no new connection, lets the action under way answer, then removes the files', async () => {
    const dir = dataDir()
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    let queried = () => {}
    const querying = new Promise<void>((resolve) => {
      queried = resolve
    })
    // Every query waits for `held`: the action is under way until the test lets it go.
    const slowDb = db.withPlugin({
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        queried()
        await held
        return args.result
      },
    })
    const channel = await startOperatorChannel({ dataDir: dir, deps: { db: slowDb, clock }, log })
    const call = await connectOperatorChannel(dir, { who: 'root' })
    const answered = call?.('audit.list', {})
    await querying
    let closed = false
    const closing = channel.close().then(() => {
      closed = true
    })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(closed).toBe(false)
    expect(fs.existsSync(channel.tokenPath)).toBe(false)
    expect(await connectOperatorChannel(dir, { who: 'root' })).toBeUndefined()
    release()
    expect((await answered)?.page).toBe(1)
    await closing
    expect(fs.readdirSync(dir)).toEqual([])
  })
})
