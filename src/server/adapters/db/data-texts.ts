/** What a backup holds, in the host's words: the store's orders, codes and memberships. */
export interface StoreCounts {
  orders: number
  codes: number
  memberships: number
}

/** "1,024" */
const count = (n: number) => n.toLocaleString('en-US')

/** "3.2 MB" */
export function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}

const holds = (c: StoreCounts) =>
  `${count(c.orders)} orders, ${count(c.codes)} codes, ${count(c.memberships)} memberships`

/**
 * What backups, restores and the move to PostgreSQL say to the host (docs/deploy.md, "Backups and restore"
 * and "Growing: from the embedded database to PostgreSQL").
 */
export const dataTexts = {
  backedUp: (file: string, bytes: number, counts: StoreCounts, at: Date, heldMs: number) =>
    `Backed up to ${file} (${size(bytes)}): ${holds(counts)}, as of ${at.toISOString()}. The store waited ${count(heldMs)} ms for the snapshot.`,
  noDatabase: (dataDir: string) =>
    `There is no database in ${dataDir} yet (the server makes it when it first starts): set DATA_DIR to the folder the server uses.`,
  backupExists: (file: string) =>
    `${file} is already there: name another file with --to (a backup never overwrites one).`,
  backupNoTool:
    "On PostgreSQL a backup is the database's own export, and pg_dump was not found here: install the PostgreSQL client tools (the server's major version) and run the backup again (restore it with pg_restore).",
  backupToolFailed: (reason: string) => `pg_dump could not back up the database: ${reason}`,
  pgDumped: (file: string, bytes: number, counts: StoreCounts) =>
    `Backed up PostgreSQL with pg_dump to ${file} (${size(bytes)}): ${holds(counts)}. Restore it with pg_restore --dbname="$DATABASE_URL" ${file}.`,
  restored: (dir: string, counts: StoreCounts) =>
    `Restored into ${dir}: ${holds(counts)}. Start the server with DATA_DIR=${dir}.`,
  restoreNotEmpty: (dir: string) =>
    `${dir} is not empty: restore into a new or empty folder (nothing was changed).`,
  restoreNotFound: (file: string) => `There is no backup at ${file}.`,
  restorePgDump: (file: string) =>
    `${file} is a PostgreSQL export: restore it with pg_restore --dbname="$DATABASE_URL" ${file}.`,
  restoreNotABackup: (file: string) =>
    `${file} is not a backup of the embedded database (npm run admin -- backup writes one).`,
  restoreDamaged: (file: string, tables: string[], reason: string) =>
    `${file} is damaged: ${tables.slice(0, 5).join(', ')}${tables.length > 5 ? ` and ${tables.length - 5} more` : ''} could not be read (${reason}). Nothing was restored: restore another backup.`,
  restoreFilesMissing: 'their files are not in the backup',
  restoreFailed: (file: string, reason: string) =>
    `${file} could not be restored: ${reason}. Nothing was restored.`,
  restoreNeedsFolder: 'Say where to restore: npm run admin -- restore FILE --data-dir DIR.',
  moveNeedsTarget: 'Say where to move: npm run admin -- move --to postgres://...',
  moveNotPostgres: 'The move goes to PostgreSQL: --to must start with postgres://.',
  moveFromPostgres:
    'DATABASE_URL is set, so this store is on PostgreSQL already: the move copies the embedded database (unset DATABASE_URL, or give --from a backup).',
  moveServerRunning: (dataDir: string) =>
    `A server is running on ${dataDir} and keeps selling while a move would copy: stop it for the move, so that nothing paid during the move is left behind (docs/deploy.md, "Growing: from the embedded database to PostgreSQL"). Or copy a backup with --from FILE: what happens after the backup is not copied.`,
  moveNotEmpty: (tables: string[]) =>
    `That PostgreSQL database is not empty (it holds ${tables.slice(0, 3).join(', ')}${tables.length > 3 ? '...' : ''}): the move copies into an empty database only, so it does not run twice. Create a new one (createdb) and move into it.`,
  moveOldServer: (version: string) =>
    `That PostgreSQL is version ${version}; the move needs 13 or newer.`,
  moveFromBackup: (file: string) =>
    `Copied from the backup ${file}: anything sold, redeemed or changed after that backup is not in PostgreSQL.`,
  moveVerified:
    'Moved and checked: every table has the same rows in PostgreSQL. Set DATABASE_URL to it and start the server there; the embedded folder is unchanged.',
  moveDiffers: (tables: string[]) =>
    `The copy differs in ${tables.join(', ')}: do not use that PostgreSQL database (drop it, create it again and move again).`,
  backupFailedLine: (reason: string) => `backup: the scheduled backup failed: ${reason}`,
  backupFailedSubject: 'Punchline VR: a scheduled backup failed',
  backupFailedMail: (reason: string, at: Date, folder: string) =>
    `The backup the server makes on its schedule failed at ${at.toISOString()}.\n\nWhy: ${reason}\n\nThe store keeps running and the next backup is tried at the next time. Check the disk where ${folder} is (space, permissions), or run a backup by hand: npm run admin -- backup.\n`,
} as const
