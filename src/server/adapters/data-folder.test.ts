import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { startServer } from '#test/server'
import { claimDataFolder, DataFolderUnsafeError } from './data-folder'

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'punchline-data-folder-'))
afterAll(() => fs.rmSync(work, { recursive: true, force: true }))

const modeOf = (file: string) => fs.statSync(file).mode & 0o777
let folders = 0
/** A data folder made by hand, as a host might: `mode`, holding `contents`. */
function handMade(mode: number, contents: string[] = []): string {
  const dir = path.join(work, `data-${++folders}`)
  fs.mkdirSync(dir)
  for (const name of contents) fs.mkdirSync(path.join(dir, name))
  fs.chmodSync(dir, mode)
  return dir
}

test('a missing DATA_DIR is made 0700, its parents as usual', () => {
  const dir = path.join(work, 'new', 'data')
  claimDataFolder(dir)
  expect(modeOf(dir)).toBe(0o700)
})

test('an empty folder others may read is closed to them; one of ours, 0700, is left as it is', () => {
  const open = handMade(0o755)
  claimDataFolder(open)
  expect(modeOf(open)).toBe(0o700)
  const closed = handMade(0o700, ['pglite', 'mail'])
  claimDataFolder(closed)
  expect(modeOf(closed)).toBe(0o700)
})

test('refused, in one line naming the folder and the fix: writable by others, or readable while it holds the database or mail', () => {
  const cases: [string, string][] = [
    [handMade(0o777), 'may be written by other users'],
    [handMade(0o775, ['pglite']), 'may be written by other users'],
    [handMade(0o755, ['pglite']), 'holds pglite and may be read by other users'],
    [handMade(0o750, ['mail']), 'holds mail and may be read by other users'],
  ]
  for (const [dir, why] of cases) {
    const before = modeOf(dir)
    let thrown: unknown
    try {
      claimDataFolder(dir)
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(DataFolderUnsafeError)
    const message = (thrown as Error).message
    expect(message).toContain(why)
    expect(message).toContain(`chmod 700 ${dir}`)
    expect(message).not.toContain('\n')
    // Refused, so nothing changed: the host decides.
    expect(modeOf(dir)).toBe(before)
  }
})

/** From the sources: the server tests run without a build (the browser tests serve the build). */
const script = 'src/server/start.ts'

/** Every file and folder under `dir` that another user could read, write or enter. */
function openToOthers(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true })
    .map((name) => path.join(dir, String(name)))
    .filter(
      (file) => (fs.lstatSync(file).mode & 0o077) !== 0 && !fs.lstatSync(file).isSymbolicLink(),
    )
}

// A first start on an empty folder (PGlite's initdb, whose files are the ones to close, then the
// migrations): on a busy two-core machine it alone can pass the server tests' 30 s.
test("the server's data folder, its database, mail and token are the owner's alone", {
  timeout: 120_000,
}, async () => {
  const dataDir = path.join(work, 'server-data')
  const server = await startServer({ LOCAL_PAYMENT_DELAY_MS: '0' }, { dataDir, script })
  try {
    // Something for each kind of file: an order (the database) and its codes mail (a file).
    const checkout = await fetch(`${server.url}/api/create-checkout-session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        items: [{ id: 'boosts-5', name: '5 Boosts', price: 4.99, quantity: 1 }],
        email: 'fan@example.com',
      }),
    })
    expect(checkout.status).toBe(200)
    const contact = await fetch(`${server.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Dana', email: 'dana@example.com', message: 'Hello' }),
    })
    expect(contact.status).toBe(201)
    const mailDir = path.join(dataDir, 'mail')
    // The folder appears a moment before the mail in it is written.
    const mailWritten = () => fs.existsSync(mailDir) && fs.readdirSync(mailDir).length > 0
    for (let i = 0; i < 100 && !mailWritten(); i++) await new Promise((r) => setTimeout(r, 100))
    expect(fs.readdirSync(mailDir).length).toBeGreaterThan(0)
    expect(modeOf(dataDir)).toBe(0o700)
    expect(openToOthers(dataDir)).toEqual([])
  } finally {
    await server.stop()
  }
  fs.rmSync(dataDir, { recursive: true, force: true })
})

test('a server on a data folder others may read, holding the database, refuses to start in one line', async () => {
  const dataDir = handMade(0o755, ['pglite'])
  await expect(startServer({}, { dataDir, script })).rejects.toThrow(
    new RegExp(`DATA_DIR ${dataDir} holds pglite and may be read by other users`),
  )
})
