import { listFailedMail, retryFailedMail } from '../core/mail/outbox'
import { maskEmail } from '../core/redact'
import { type CliDeps, CliError } from './cli'

export const mailUsage = `Usage: npm run admin -- mail <command>

  mail list --failed               mail the outbox gave up on after 3 days of failed sends
  mail retry <id>                  queue that mail again, to be sent now
  mail retry --all                 queue every failed mail again`

export type MailCommand =
  | { kind: 'help' }
  | { kind: 'list-failed' }
  | { kind: 'retry'; which: number | 'all' }

export function parseMailCommand(args: string[]): MailCommand {
  const [verb, ...rest] = args
  if (verb === undefined || verb === 'help' || verb === '--help' || verb === '-h') {
    return { kind: 'help' }
  }
  if (verb === 'list') {
    if (rest.length === 1 && rest[0] === '--failed') return { kind: 'list-failed' }
    throw new CliError('mail list takes --failed: npm run admin -- mail list --failed')
  }
  if (verb === 'retry') {
    if (rest.length === 1 && rest[0] === '--all') return { kind: 'retry', which: 'all' }
    if (rest.length === 1 && /^[1-9]\d{0,9}$/.test(rest[0] ?? '')) {
      return { kind: 'retry', which: Number(rest[0]) }
    }
    throw new CliError(
      'mail retry takes the id of a failed mail (see mail list --failed) or --all.',
    )
  }
  throw new CliError(`Unknown mail command "${verb}". Try: npm run admin -- mail list --failed`)
}

export async function executeMailCommand(command: MailCommand, deps: CliDeps): Promise<void> {
  const { db, clock, out } = deps
  switch (command.kind) {
    case 'help':
      return out.log(mailUsage)
    case 'list-failed': {
      const failed = await listFailedMail(db)
      if (failed.length === 0) return out.log('No failed mail.')
      for (const mail of failed) {
        out.log(
          `${mail.id}  ${mail.failed_at?.toISOString()}  ${maskEmail(mail.to_address)}  "${mail.subject}"  ${mail.attempts} attempts  last error: ${mail.last_error ?? '-'}`,
        )
      }
      return
    }
    case 'retry': {
      const count = await retryFailedMail(db, clock.now(), command.which)
      if (count === 0) {
        throw new CliError(
          command.which === 'all'
            ? 'There is no failed mail to retry.'
            : `Mail ${command.which} is not a failed mail (see mail list --failed).`,
        )
      }
      return out.log(
        `Queued ${count} mail${count === 1 ? '' : 's'} again; a running server sends ${count === 1 ? 'it' : 'them'} within seconds.`,
      )
    }
  }
}
