import { maskEmail } from '../core/redact'
import { allPages, CliError, type CommandDeps } from './cli'

export const mailUsage = `Usage: npm run admin -- mail <command>

  mail list --failed               mail the outbox gave up on: refused, or failing for 3 days
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

export async function executeMailCommand(
  command: MailCommand,
  { call, out }: CommandDeps,
): Promise<void> {
  switch (command.kind) {
    case 'help':
      return out.log(mailUsage)
    case 'list-failed': {
      const failed = await allPages((page) =>
        call('mail.list', { state: 'failed', page, pageSize: 1000 }),
      )
      if (failed.length === 0) return out.log('No failed mail.')
      for (const mail of failed) {
        out.log(
          `${mail.id}  ${mail.failedAt}  ${maskEmail(mail.to)}  "${mail.subject}"  ${mail.attempts} attempts  last error: ${mail.lastError ?? '-'}`,
        )
      }
      return
    }
    case 'retry': {
      const { count } = await call(
        'mail.retry',
        command.which === 'all' ? { all: true } : { id: command.which },
      )
      return out.log(
        `Queued ${count} mail${count === 1 ? '' : 's'} again; a running server sends ${count === 1 ? 'it' : 'them'} within seconds.`,
      )
    }
  }
}
