import fs from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import type { Clock } from '../../core/clock'
import type { Db } from '../../core/db/schema'
import { queueMail } from '../../core/mail/outbox'
import { dataTexts } from './db/data-texts'
import { type BackupReport, writeBackup } from './db/snapshot'

/** DATA_DIR/backups: the schedule's backups, and `npm run admin -- backup`'s without --to. */
export function backupFolderOf(dataDir: string): string {
  return path.join(dataDir, 'backups')
}

const BackupInput = z.object({ to: z.string().min(1).max(4096).refine(path.isAbsolute).optional() })

/**
 * `data.backup` on the local channel (a server holding the embedded database backs it up while it
 * serves): into `to`, an absolute path the command line resolved, or a new file in the folder.
 */
export function backupAction(db: Db, dataDir: string) {
  return async (input: unknown): Promise<BackupReport> => {
    const { to } = BackupInput.parse(input ?? {})
    return writeBackup(db, to ? { file: to } : { folder: backupFolderOf(dataDir) })
  }
}

/** Removes the oldest backups in `folder` beyond `keep` (names sort by time); returns those removed. */
export function pruneBackups(folder: string, keep: number): string[] {
  const backups = fs
    .readdirSync(folder)
    .filter((name) => /^punchline-.*\.(tar\.gz|pgdump)$/.test(name))
    .sort()
  const removed = backups.slice(0, Math.max(0, backups.length - keep))
  for (const name of removed) fs.rmSync(path.join(folder, name), { force: true })
  return removed
}

export interface BackupSchedule {
  /** One backup now, as the schedule makes it (the tests call it instead of waiting). */
  runOnce(): Promise<BackupReport | undefined>
  stop(): void
}

/**
 * Backs up every `everyMs` into DATA_DIR/backups (mode 0700, files 0600), keeping the newest
 * `keep`. A failure is an error line and a mail to the first host address (ADMIN_EMAILS), never
 * a crash: the store keeps running, and the next time tries again.
 */
export function startBackupSchedule(options: {
  db: Db
  clock: Clock
  dataDir: string
  databaseUrl: string | undefined
  everyMs: number
  keep: number
  hostEmail: string | undefined
  kickMail?: () => void
  log: { info(line: string): void; error(line: string): void }
}): BackupSchedule {
  const { db, clock, log } = options
  const folder = backupFolderOf(options.dataDir)
  let running: Promise<BackupReport | undefined> | undefined
  const failed = async (error: unknown) => {
    const reason = error instanceof Error ? error.message : String(error)
    log.error(dataTexts.backupFailedLine(reason))
    if (!options.hostEmail) return
    const now = clock.now()
    try {
      const text = dataTexts.backupFailedMail(reason, now, folder)
      const mail = { to: options.hostEmail, subject: dataTexts.backupFailedSubject, text }
      await queueMail(db, { ...mail, dedupeKey: `backup-failed:${now.toISOString()}` }, now)
      options.kickMail?.()
    } catch (mailError) {
      log.error(`backup: the failure mail could not be queued either: ${String(mailError)}`)
    }
  }
  const once = async () => {
    try {
      fs.mkdirSync(folder, { recursive: true, mode: 0o700 })
      fs.chmodSync(folder, 0o700)
      const report = await writeBackup(db, { folder }, options.databaseUrl)
      const removed = pruneBackups(folder, options.keep)
      log.info(
        `backup: ${report.file} (${report.bytes} bytes)${removed.length > 0 ? `, removed ${removed.length} older` : ''}`,
      )
      return report
    } catch (error) {
      await failed(error)
      return undefined
    }
  }
  const runOnce = () => {
    // One at a time: a slow disk never stacks backups up.
    running ??= once().finally(() => {
      running = undefined
    })
    return running
  }
  const timer = setInterval(() => void runOnce(), options.everyMs)
  timer.unref()
  return { runOnce, stop: () => clearInterval(timer) }
}
