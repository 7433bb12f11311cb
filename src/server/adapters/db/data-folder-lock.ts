import { createHash, randomBytes } from 'node:crypto'
import { linkSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'

/**
 * The embedded database's folder is held by another process that is still running. `why` says
 * what the reader can do besides stopping it (the command line: use the server's local channel).
 */
export class DataFolderBusyError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number | undefined,
    readonly lockPath: string,
    why = ': it allows one process at a time',
  ) {
    super(
      `The embedded database in ${dataDir} is in use by another process (pid ${pid ?? 'unknown'}, most likely the server)${why}. Stop the server, run the command, then start the server again; or set DATABASE_URL to PostgreSQL, which the server and these commands can share. (If no such process runs, delete ${lockPath}.)`,
    )
  }
}

/** Folders this process holds, so a second open here is refused too. */
const held = new Set<string>()

/** What a lock says of its writer: a pid proves nothing alone, pids are reused. */
const HolderSchema = z.object({
  pid: z.number().int().positive(),
  boot: z.string().default(''),
  start: z.string().default(''),
})
type Holder = z.infer<typeof HolderSchema>

/** How long to wait for another process that is taking over the same abandoned lock. */
const patienceMs = 5_000

/**
 * PGlite is one process's database: a second process opening the same folder (the admin command
 * while the server runs) would corrupt it. The first to open puts DATA_DIR/pglite.lock in place in
 * one step, link() of a written file, which fails if a lock is there; the lock names its pid, the
 * boot and the process's start time. Others are refused with a sentence saying what to do, unless
 * that proves the writer gone (another boot, its pid not running or now another process's): then
 * one process at a time, by a claim named after that lock, renames it aside and tries again.
 * Returns the release, also run when the process exits.
 */
export function lockDataFolder(dataDir: string): () => void {
  const lockPath = path.join(dataDir, 'pglite.lock')
  if (held.has(lockPath)) throw new DataFolderBusyError(dataDir, process.pid, lockPath)
  const me: Holder = { pid: process.pid, boot: bootId(), start: startOf(process.pid) ?? '' }
  const mine = JSON.stringify(me)
  const deadline = Date.now() + patienceMs
  let holder: Holder | undefined
  while (!place(lockPath, mine)) {
    if (Date.now() > deadline) throw new DataFolderBusyError(dataDir, holder?.pid, lockPath)
    const found = read(lockPath)
    // Released between the two steps: try again.
    if (found === undefined) continue
    holder = parse(found)
    if (holder && !abandoned(holder, me))
      throw new DataFolderBusyError(dataDir, holder.pid, lockPath)
    takeOver(lockPath, found, me, mine, 0)
  }
  held.add(lockPath)
  const release = () => {
    if (!held.delete(lockPath)) return
    process.off('exit', release)
    try {
      // Should it have been taken from us after all, the file is another process's now.
      if (read(lockPath) === mine) rmSync(lockPath, { force: true })
    } catch {
      // Nothing to release.
    }
  }
  process.on('exit', release)
  return release
}

/** Puts `content` at `target` only if nothing is there, whole: a reader never sees half of it. */
function place(target: string, content: string): boolean {
  const temp = `${target}.${process.pid}.${unique()}`
  try {
    writeFileSync(temp, content, { flag: 'wx' })
    linkSync(temp, target)
    return true
  } catch (error) {
    if (errorCode(error) === 'EEXIST') return false
    throw error
  } finally {
    rmSync(temp, { force: true })
  }
}

/**
 * Removes `target` if it still holds `judged`, whose writer is gone. Only the holder of the claim
 * named after `judged` removes it, and nobody else can change it meanwhile, so reading it again
 * under the claim is proof: two processes never both take over one lock, nor one a live lock.
 */
function takeOver(target: string, judged: string, me: Holder, mine: string, depth: number): void {
  const claim = `${target}.takeover-${digest(judged)}`
  if (!place(claim, mine)) {
    const claimant = read(claim)
    if (claimant === undefined) return
    const by = parse(claimant)
    // A claimant that died mid-takeover left its claim: cleared the same way (each level of this
    // needs another death, hence the bound).
    if (depth < 2 && (!by || abandoned(by, me))) takeOver(claim, claimant, me, mine, depth + 1)
    else pause(1)
    return
  }
  const aside = `${target}.abandoned-${process.pid}.${unique()}`
  try {
    if (read(target) !== judged) return
    renameSync(target, aside)
    // Renamed what was judged, or (outside this protocol: a person, an older version) put it back.
    if (read(aside) !== judged) restore(aside, target)
  } catch (error) {
    if (errorCode(error) !== 'ENOENT') throw error
  } finally {
    rmSync(aside, { force: true })
    rmSync(claim, { force: true })
  }
}

function restore(aside: string, target: string): void {
  try {
    linkSync(aside, target)
  } catch (error) {
    if (errorCode(error) !== 'EEXIST') throw error
  }
}

/** Abandoned only with proof: another boot, its pid not running, or running since another time. */
function abandoned(holder: Holder, me: Holder): boolean {
  if (holder.boot && me.boot && holder.boot !== me.boot) return true
  // Our own pid: we write our start time, so a lock without it is another run's (a container
  // restarted as pid 1); without /proc (macOS) nothing tells them apart, so it is taken as ours.
  if (holder.pid === me.pid) return me.start !== '' && holder.start !== me.start
  const start = startOf(holder.pid)
  if (start === undefined) return true
  return holder.start !== '' && start !== '' && holder.start !== start
}

/** Changes at every boot: a lock written before a reboot is stale whatever its pid. */
function bootId(): string {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim()
  } catch {
    return ''
  }
}

/**
 * When a running pid started, in clock ticks since boot (field 22 of /proc/<pid>/stat), which
 * tells a reused pid from the one that wrote a lock; '' when unknown, undefined when not running.
 */
function startOf(pid: number): string | undefined {
  try {
    process.kill(pid, 0)
  } catch (error) {
    // EPERM: it runs, under another user.
    if (errorCode(error) !== 'EPERM') return undefined
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // Field 2, the command's name, may hold spaces and parentheses: count from its end.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    // A zombie has exited and holds no files; it waits for its parent to read its status.
    if (fields[0] === 'Z' || fields[0] === 'X') return undefined
    return fields[19] ?? ''
  } catch {
    return ''
  }
}

function read(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8')
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined
    throw error
  }
}

/** Undefined for what is not a lock: never one of ours, as ours are never seen half-written. */
function parse(content: string): Holder | undefined {
  try {
    return HolderSchema.safeParse(JSON.parse(content)).data
  } catch {
    return undefined
  }
}

/** Names a claim after the lock it takes over. */
function digest(content: string): string {
  return createHash('sha256').update(content).digest('hex').slice(0, 16)
}

function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)
}

function unique(): string {
  return randomBytes(6).toString('hex')
}

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException).code
}
