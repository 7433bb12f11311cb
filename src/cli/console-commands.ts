import { isSimpleEmail } from '../shared/email'
import type { AuditEntryView } from '../shared/operator-views'
import { formatCentralTime } from '../shared/show-time'
import { CliError, type CommandDeps, parseCliOptions } from './cli'

/** Entries on a page of `audit list`. */
const auditPageSize = 50

export const consoleLinkUsage = `Usage: npm run admin -- console-link [--email E]

  console-link [--email E]         a sign-in link to the console (PUBLIC_URL/admin), for the first
                                   address in ADMIN_EMAILS or E; it works once, for 15 minutes`

export const auditUsage = `Usage: npm run admin -- audit list [--search S] [--page N] [--json]

  audit list [--search S] [--page N] [--json]
                                   what was done through the console and these commands, newest
                                   first, ${auditPageSize} a page: when (Central time), who, through what,
                                   the action, on what, what was done; --search matches any of them`

export type ConsoleCommand =
  | { kind: 'help'; usage: string }
  | { kind: 'console-link'; email?: string }
  | { kind: 'audit-list'; search?: string; page: number; json: boolean }

const linkOptions = { email: { type: 'string' }, help: { type: 'boolean', short: 'h' } } as const

/** Reads `console-link ...` (without the command's name); touches nothing. */
export function parseConsoleLinkCommand(args: string[]): ConsoleCommand {
  const { values, positionals } = parseCliOptions(args, linkOptions, 'console-link')
  if (values.help || positionals[0] === 'help') return { kind: 'help', usage: consoleLinkUsage }
  if (positionals.length > 0) {
    throw new CliError(`console-link takes no "${positionals[0]}": use --email.`)
  }
  const email = values.email?.trim()
  if (email !== undefined && !isSimpleEmail(email)) {
    throw new CliError(`Bad --email "${email}": write a whole address, e.g. host@example.com.`)
  }
  return { kind: 'console-link', ...(email ? { email } : {}) }
}

const auditOptions = {
  search: { type: 'string' },
  page: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const

/** Reads `audit ...` (without the word "audit"); touches nothing. */
export function parseAuditCommand(args: string[]): ConsoleCommand {
  const { values, positionals } = parseCliOptions(args, auditOptions, 'audit')
  const [verb, ...rest] = positionals
  if (values.help || verb === undefined || verb === 'help') {
    return { kind: 'help', usage: auditUsage }
  }
  if (verb !== 'list') {
    throw new CliError(`Unknown command "audit ${verb}". See: npm run admin -- audit --help`)
  }
  if (rest.length > 0) throw new CliError(`audit list takes no "${rest[0]}": use the options.`)
  if (values.page !== undefined && !/^[1-9]\d{0,4}$/.test(values.page)) {
    throw new CliError(`Bad --page "${values.page}": give a page number, e.g. --page 2.`)
  }
  const search = values.search?.trim()
  return {
    kind: 'audit-list',
    page: Number(values.page ?? 1),
    json: values.json ?? false,
    ...(search ? { search } : {}),
  }
}

export async function executeConsoleCommand(
  command: ConsoleCommand,
  { call, out }: CommandDeps,
): Promise<void> {
  switch (command.kind) {
    case 'help':
      return out.log(command.usage)
    case 'console-link': {
      const link = await call('console.link', command.email ? { email: command.email } : {})
      out.log(
        `Sign-in link for ${link.email}, valid once until ${formatCentralTime(new Date(link.expiresAt))}:`,
      )
      return out.log(link.url)
    }
    case 'audit-list': {
      const pageSize = auditPageSize
      const { items, total } = await call('audit.list', {
        page: command.page,
        pageSize,
        ...(command.search ? { search: command.search } : {}),
      })
      if (command.json) return out.log(JSON.stringify(items, null, 2))
      const pages = Math.ceil(total / pageSize)
      if (items.length === 0) {
        if (total > 0) return out.log(`There is no page ${command.page}: the log has ${pages}.`)
        return out.log(command.search ? 'No entries match.' : 'Nothing in the audit log yet.')
      }
      for (const line of auditTable(items)) out.log(line)
      if (command.page < pages) {
        out.log(`Page ${command.page} of ${pages}: --page ${command.page + 1} for older entries.`)
      }
      return
    }
  }
}

/** One line per entry, its columns aligned; the summary last, whole. */
function auditTable(entries: AuditEntryView[]): string[] {
  const rows = entries.map((entry) => [
    formatCentralTime(new Date(entry.at)),
    entry.actor,
    entry.via,
    entry.action,
    entry.targetId === null ? '-' : `${entry.targetType ?? ''} ${entry.targetId}`.trim(),
    entry.summary,
  ])
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((row) => row[i]?.length ?? 0))) ?? []
  return rows.map((row) =>
    row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i] ?? 0))).join('  '),
  )
}
