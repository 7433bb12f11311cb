import fs from 'node:fs'
import path from 'node:path'

/**
 * DATA_DIR holds what signs a person in or pays for a show: the embedded database (codes, member
 * codes, sessions), the mail written to files (sign-in links) and the operator channel's token.
 * Another user of the machine must not read or change any of it (docs/deploy.md, "The data
 * folder").
 */
export class DataFolderUnsafeError extends Error {
  override name = 'DataFolderUnsafeError'
}

/** What in DATA_DIR would be read by others through a readable folder. */
const secrets = ['pglite', 'mail', 'admin.token']

/**
 * Makes this process's new files its owner's alone (umask 077: PGlite's files, mail files, the
 * token), then creates DATA_DIR mode 0700, or checks the one there: refused when another user
 * owns it, when others may write to it, or when others may read it while it holds the database
 * or mail. An empty folder of ours that others may read is closed to them (chmod 0700).
 */
export function claimDataFolder(dataDir: string): void {
  process.umask(0o077)
  const folder = path.resolve(dataDir)
  fs.mkdirSync(path.dirname(folder), { recursive: true })
  try {
    fs.mkdirSync(folder, { mode: 0o700 })
    return
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
  const stat = fs.statSync(folder)
  const fix = `chmod 700 ${folder}`
  if (!stat.isDirectory()) throw new DataFolderUnsafeError(`DATA_DIR ${folder} is not a folder.`)
  const uid = process.getuid?.()
  if (uid !== undefined && stat.uid !== uid) {
    throw new DataFolderUnsafeError(
      `DATA_DIR ${folder} belongs to another user (uid ${stat.uid}): start the server as its owner, or give it a folder of its own.`,
    )
  }
  if ((stat.mode & 0o022) !== 0) {
    throw new DataFolderUnsafeError(
      `DATA_DIR ${folder} may be written by other users of this machine: run \`${fix}\` and start again.`,
    )
  }
  if ((stat.mode & 0o044) === 0) return
  const holding = secrets.filter((name) => fs.existsSync(path.join(folder, name)))
  if (holding.length > 0) {
    throw new DataFolderUnsafeError(
      `DATA_DIR ${folder} holds ${holding.join(' and ')} and may be read by other users of this machine: run \`${fix}\` (and check who read it), then start again.`,
    )
  }
  fs.chmodSync(folder, 0o700)
}

/**
 * Takes group and others' bits off everything under `folder`: PGlite unpacks its first files with
 * the modes of its bundled template (0666), past any umask. Files it makes later follow the umask.
 */
export function closeToOthers(folder: string): void {
  for (const name of fs.readdirSync(folder, { recursive: true })) {
    const file = path.join(folder, String(name))
    const { mode } = fs.lstatSync(file)
    if ((mode & 0o077) !== 0) fs.chmodSync(file, mode & 0o700)
  }
}
