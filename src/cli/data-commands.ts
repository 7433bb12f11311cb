import fs from 'node:fs'
import path from 'node:path'
import { Refusal, refuse } from '../core/refusal'
import { backupFolderOf } from '../server/adapters/backup-schedule'
import { dataTexts } from '../server/adapters/db/data-texts'
import { openDatabase } from '../server/adapters/db/database'
import { type MovedTable, moveToPostgres } from '../server/adapters/db/move'
import {
  type BackupReport,
  readBackupImage,
  restoreEmbedded,
  snapshotEmbedded,
  writeBackup,
} from '../server/adapters/db/snapshot'
import { connectOperatorChannel, type ServerCall } from '../server/adapters/operator-channel-client'
import { loadConfig } from '../server/config'
import { CliError, type CliOutput, machineUser, parseCliOptions } from './cli'

export const dataUsage = `The club's data (docs/deploy.md, "Backups and restore"):
  backup [--to FILE]                 one file holding the whole database, while the server runs
                                     (default: DATA_DIR/backups/punchline-<time>.tar.gz)
  restore FILE --data-dir DIR        a backup into a new or empty folder; start the server on it
  move --to postgres://... [--from FILE]
                                     the embedded database into an empty PostgreSQL, checked
                                     table by table (stop the server first, or copy a backup)`

export const dataCommandNames = ['backup', 'restore', 'move'] as const

type DataCommand =
  | { kind: 'help' }
  | { kind: 'backup'; to: string | undefined }
  | { kind: 'restore'; file: string; dataDir: string }
  | { kind: 'move'; to: string; from: string | undefined }

/** Reads `backup`, `restore` or `move` and its options; paths are resolved from here. */
export function parseDataCommand(name: string, args: string[]): DataCommand {
  const { values, positionals } = parseCliOptions(
    args,
    {
      to: { type: 'string' },
      from: { type: 'string' },
      'data-dir': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    name,
  )
  if (values.help) return { kind: 'help' }
  const resolve = (file: string | undefined) => (file ? path.resolve(file) : undefined)
  if (name === 'backup') return { kind: 'backup', to: resolve(values.to) }
  if (name === 'restore') {
    const [file] = positionals
    if (!file || !values['data-dir']) throw new CliError(dataTexts.restoreNeedsFolder)
    return { kind: 'restore', file: path.resolve(file), dataDir: path.resolve(values['data-dir']) }
  }
  if (!values.to) throw new CliError(dataTexts.moveNeedsTarget)
  if (!/^postgres(ql)?:\/\//.test(values.to)) throw new CliError(dataTexts.moveNotPostgres)
  return { kind: 'move', to: values.to, from: resolve(values.from) }
}

export interface DataDeps {
  out: CliOutput
  dataDir: string
  databaseUrl: string | undefined
  /** The running server's channel when one holds DATA_DIR (its own actions: data.backup). */
  server: ServerCall | undefined
}

function printBackup(out: CliOutput, report: BackupReport): void {
  const { file, bytes, counts } = report
  out.log(
    report.kind === 'embedded'
      ? dataTexts.backedUp(file, bytes, counts, new Date(report.at), report.heldMs ?? 0)
      : dataTexts.pgDumped(file, bytes, counts),
  )
}

async function backup(to: string | undefined, deps: DataDeps): Promise<void> {
  const where = to ? { file: to } : { folder: backupFolderOf(deps.dataDir) }
  if (deps.server && !deps.databaseUrl) {
    printBackup(deps.out, (await deps.server('data.backup', to ? { to } : {})) as BackupReport)
    return
  }
  // No server holds the folder (or PostgreSQL): opened as it is, nothing migrated or changed.
  if (!deps.databaseUrl) mustHoldDatabase(deps.dataDir)
  const db = await openDatabase({ ...deps, migrate: false })
  try {
    printBackup(deps.out, await writeBackup(db, where, deps.databaseUrl))
  } finally {
    await db.destroy()
  }
}

/** Refuses a DATA_DIR without a database (a typo in it would otherwise make an empty one). */
function mustHoldDatabase(dataDir: string): void {
  if (!fs.existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))) {
    throw refuse.invalid(dataTexts.noDatabase(dataDir))
  }
}

/** The store to move, in memory: from a backup file, or a snapshot of the stopped folder. */
async function moveSource(from: string | undefined, deps: DataDeps) {
  if (from) return openDatabase({ pgliteImage: readBackupImage(from) })
  if (deps.databaseUrl) throw refuse.invalid(dataTexts.moveFromPostgres)
  if (deps.server) throw refuse.invalid(dataTexts.moveServerRunning(deps.dataDir))
  mustHoldDatabase(deps.dataDir)
  const folder = await openDatabase({ dataDir: deps.dataDir, migrate: false })
  let image: Blob
  try {
    image = (await snapshotEmbedded(folder)).image
  } finally {
    await folder.destroy()
  }
  // Brought up to date in memory, as the target is: the folder itself stays as it was.
  return openDatabase({ pgliteImage: image })
}

/** The move's check, one line per table: rows and checksum on each side. */
export function movedTableLines(tables: MovedTable[]): string[] {
  const width = Math.max(...tables.map((t) => t.table.length), 5)
  const line = (table: string, rows: string, checksum: string, same: string) =>
    `${table.padEnd(width)}  ${rows.padStart(9)}  ${checksum.padEnd(32)}  ${same}`
  return [
    line('table', 'rows', 'checksum', 'in PostgreSQL'),
    ...tables.map((t) =>
      line(
        t.table,
        String(t.rows),
        t.checksum,
        t.rows === t.targetRows && t.checksum === t.targetChecksum
          ? 'same'
          : `DIFFERS: ${t.targetRows} rows, ${t.targetChecksum}`,
      ),
    ),
  ]
}

async function move(to: string, from: string | undefined, deps: DataDeps): Promise<void> {
  const source = await moveSource(from, deps)
  let tables: MovedTable[]
  try {
    tables = await moveToPostgres(source, to)
  } finally {
    await source.destroy()
  }
  for (const line of movedTableLines(tables)) deps.out.log(line)
  if (from) deps.out.log(dataTexts.moveFromBackup(from))
  const differ = tables.filter((t) => t.rows !== t.targetRows || t.checksum !== t.targetChecksum)
  if (differ.length > 0) throw refuse.invalid(dataTexts.moveDiffers(differ.map((t) => t.table)))
  deps.out.log(dataTexts.moveVerified)
}

/** Runs a data command; a refusal or a mistake is thrown (the caller prints it, exit code 1). */
export async function runDataCommand(command: DataCommand, deps: DataDeps): Promise<void> {
  if (command.kind === 'help') return deps.out.log(dataUsage)
  if (command.kind === 'backup') return backup(command.to, deps)
  if (command.kind === 'move') return move(command.to, command.from, deps)
  deps.out.log(
    dataTexts.restored(command.dataDir, await restoreEmbedded(command.file, command.dataDir)),
  )
}

/**
 * `npm run admin -- backup|restore|move ...` as a whole: reads the settings, finds a running
 * server's channel, runs the command and returns the exit code (a mistake or a refusal is one
 * line and 1).
 */
export async function runDataCommandLine(argv: string[], out: CliOutput): Promise<number> {
  try {
    const command = parseDataCommand(argv[0] ?? '', argv.slice(1))
    if (command.kind === 'help') {
      out.log(dataUsage)
      return 0
    }
    const { dataDir, databaseUrl } = loadConfig()
    const channel =
      databaseUrl || command.kind === 'restore'
        ? undefined
        : await connectOperatorChannel(dataDir, { who: machineUser() })
    await runDataCommand(command, { out, dataDir, databaseUrl, server: channel?.server })
    return 0
  } catch (error) {
    if (!(error instanceof CliError || error instanceof Refusal)) throw error
    out.error(error.message)
    return 1
  }
}
