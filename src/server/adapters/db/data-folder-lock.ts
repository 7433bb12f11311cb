import { readFileSync, unlinkSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/** The embedded database's folder is held by another process that is still running. */
export class DataFolderBusyError extends Error {}

/** Folders this process holds, so a second open here is refused too. */
const held = new Set<string>()

/** Changes at every boot: a lock written before a reboot is stale whatever its pid. */
function bootId(): string {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim()
  } catch {
    return ''
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it runs, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * PGlite is one process's database: a second process opening the same folder (the admin command
 * while the server runs) would corrupt it. The first to open writes DATA_DIR/pglite.lock with its
 * pid; others are refused with a sentence saying what to do. A lock left by a process that died
 * (or before a reboot) is taken over. Returns the release, also run when the process exits.
 */
export function lockDataFolder(dataDir: string): () => void {
  const lockPath = path.join(dataDir, 'pglite.lock')
  const boot = bootId()
  for (let attempt = 0; ; attempt++) {
    if (held.has(lockPath)) throw busy(dataDir, process.pid, lockPath)
    try {
      writeFileSync(lockPath, JSON.stringify({ pid: process.pid, boot }), { flag: 'wx' })
      break
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw error
    }
    const holder = readHolder(lockPath)
    const stale =
      !holder || holder.boot !== boot || holder.pid === process.pid || !isRunning(holder.pid)
    if (!stale) throw busy(dataDir, holder.pid, lockPath)
    unlinkSync(lockPath)
  }
  held.add(lockPath)
  const release = () => {
    if (!held.delete(lockPath)) return
    process.off('exit', release)
    try {
      unlinkSync(lockPath)
    } catch {
      // gone already
    }
  }
  process.on('exit', release)
  return release
}

function readHolder(lockPath: string): { pid: number; boot: string } | undefined {
  try {
    const parsed = JSON.parse(readFileSync(lockPath, 'utf8')) as { pid?: unknown; boot?: unknown }
    if (typeof parsed.pid !== 'number') return undefined
    return { pid: parsed.pid, boot: typeof parsed.boot === 'string' ? parsed.boot : '' }
  } catch {
    return undefined
  }
}

function busy(dataDir: string, pid: number, lockPath: string): DataFolderBusyError {
  return new DataFolderBusyError(
    `The embedded database in ${dataDir} is in use by another process (pid ${pid}, most likely the server): it allows one process at a time. Stop the server, run the command, then start the server again; or set DATABASE_URL to PostgreSQL, which the server and these commands can share. (If no such process runs, delete ${lockPath}.)`,
  )
}
