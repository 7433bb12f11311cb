import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { systemClock } from '../server/clock'
import { loadConfig } from '../server/config'
import { openDatabase } from '../server/db/database'
import {
  type CliDeps,
  CliError,
  type EventsCommand,
  eventsUsage,
  executeEventsCommand,
  parseEventsCommand,
} from './events-command'
import { executeMailCommand, type MailCommand, mailUsage, parseMailCommand } from './mail-command'

export const adminUsage = `Punchline VR operator commands.

${eventsUsage}

${mailUsage}`

export type AdminCommand =
  | { kind: 'help' }
  | { kind: 'events'; command: EventsCommand }
  | { kind: 'mail'; command: MailCommand }

/** Reads the arguments; throws CliError for anything it does not understand. */
export function parseAdminCommand(argv: string[]): AdminCommand {
  const [area, ...rest] = argv
  if (area === undefined || area === 'help' || area === '--help' || area === '-h') {
    return { kind: 'help' }
  }
  if (area === 'events') return { kind: 'events', command: parseEventsCommand(rest) }
  if (area === 'mail') return { kind: 'mail', command: parseMailCommand(rest) }
  throw new CliError(`Unknown command "${area}". Try: npm run admin -- events list (or --help).`)
}

export async function executeAdminCommand(command: AdminCommand, deps: CliDeps): Promise<void> {
  if (command.kind === 'help') return deps.out.log(adminUsage)
  if (command.kind === 'mail') return executeMailCommand(command.command, deps)
  return executeEventsCommand(command.command, deps)
}

/**
 * The whole command line as a function: tests call it with their own database and clock.
 * Returns the exit code; an operator's mistake is one line on the error output and code 1.
 */
export async function runAdmin(argv: string[], deps: CliDeps): Promise<number> {
  try {
    await executeAdminCommand(parseAdminCommand(argv), deps)
    return 0
  } catch (error) {
    if (error instanceof CliError) {
      deps.out.error(error.message)
      return 1
    }
    throw error
  }
}

async function main(): Promise<number> {
  const out = { log: console.log, error: console.error }
  let command: AdminCommand
  try {
    command = parseAdminCommand(process.argv.slice(2))
  } catch (error) {
    if (!(error instanceof CliError)) throw error
    out.error(error.message)
    return 1
  }
  // Help needs no database, which takes seconds to open.
  if (command.kind === 'help' || command.command.kind === 'help') {
    out.log(
      command.kind === 'help' ? adminUsage : command.kind === 'mail' ? mailUsage : eventsUsage,
    )
    return 0
  }

  const config = loadConfig()
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
  try {
    await executeAdminCommand(command, { db, clock: systemClock, out })
    return 0
  } catch (error) {
    if (!(error instanceof CliError)) throw error
    out.error(error.message)
    return 1
  } finally {
    await db.destroy()
  }
}

const isEntryPoint =
  process.argv[1] !== undefined &&
  import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href

if (isEntryPoint) {
  main().then(
    (code) => process.exit(code),
    (error) => {
      // A bad setting (ConfigError) or a database that cannot be opened: one line, no stack.
      console.error(error instanceof Error ? error.message : error)
      process.exit(1)
    },
  )
}
