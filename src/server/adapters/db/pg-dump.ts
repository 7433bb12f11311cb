import { spawn } from 'node:child_process'
import { refuse } from '../../../core/refusal'
import { dataTexts } from './data-texts'

/**
 * pg_dump's address and environment: the password leaves the address for PGPASSWORD, since every
 * user of the machine can read a process's command line (/proc/PID/cmdline), and only its owner
 * its environment.
 */
export function pgDumpConnection(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl)
  const password = decodeURIComponent(url.password) || url.searchParams.get('password') || ''
  url.password = ''
  url.searchParams.delete('password')
  const env = password ? { ...process.env, PGPASSWORD: password } : { ...process.env }
  return { dbname: url.toString(), env }
}

/**
 * Runs pg_dump (custom format) into `output`, a file already open: it never creates the backup's
 * file itself, under the process's umask. A refusal says what went wrong.
 */
export function pgDumpInto(output: number, databaseUrl: string): Promise<void> {
  const { dbname, env } = pgDumpConnection(databaseUrl)
  return new Promise((resolve, reject) => {
    const child = spawn('pg_dump', ['--format=custom', `--dbname=${dbname}`], {
      stdio: ['ignore', output, 'pipe'],
      env,
    })
    let stderr = ''
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk
    })
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        refuse.invalid(
          error.code === 'ENOENT'
            ? dataTexts.backupNoTool
            : dataTexts.backupToolFailed(error.message),
        ),
      )
    })
    child.on('close', (code) => {
      if (code === 0) return resolve()
      const reason = stderr.trim().split('\n')[0] || `exit code ${code}`
      reject(refuse.invalid(dataTexts.backupToolFailed(reason)))
    })
  })
}
