import path from 'node:path'
import { createInterface } from 'node:readline/promises'
import { pathToFileURL } from 'node:url'
import { systemClock } from '../core/clock'
import { openDatabase } from '../server/adapters/db/database'
import { createPaymentProvider } from '../server/adapters/payments/create-provider'
import { loadConfig } from '../server/config'
import { type CliDeps, CliError } from './cli'
import { eventsUsage, executeEventsCommand, parseEventsCommand } from './events-command'
import { executeMailCommand, mailUsage, parseMailCommand } from './mail-command'
import {
  codesUsage,
  executeSalesCommand,
  ordersUsage,
  parseSalesCommand,
  showsUsage,
} from './sales-commands'

/** A command after parsing: whether it is help (which needs no database), and how to run it. */
export interface AdminCommand {
  help: string | undefined
  run(deps: CliDeps): Promise<void>
}

/** An area's parser and runner as one AdminCommand maker; `help` says which parse is help. */
function area<C>(
  usage: string,
  parse: (args: string[]) => C,
  execute: (command: C, deps: CliDeps) => Promise<void>,
  helpOf: (command: C) => string | undefined,
) {
  return {
    usage,
    parse(args: string[]): AdminCommand {
      const command = parse(args)
      return { help: helpOf(command), run: (deps) => execute(command, deps) }
    },
  }
}

/** Each area of the command line: its help, and how it reads its arguments into a command. */
const areas: Record<string, { usage: string; parse(args: string[]): AdminCommand }> = {
  events: area(eventsUsage, parseEventsCommand, executeEventsCommand, (c) =>
    c.kind === 'help' ? eventsUsage : undefined,
  ),
  mail: area(mailUsage, parseMailCommand, executeMailCommand, (c) =>
    c.kind === 'help' ? mailUsage : undefined,
  ),
  ...Object.fromEntries(
    (
      [
        ['orders', ordersUsage],
        ['codes', codesUsage],
        ['shows', showsUsage],
      ] as const
    ).map(([name, usage]) => [
      name,
      area(
        usage,
        (args) => parseSalesCommand(name, args),
        executeSalesCommand,
        (c) => (c.kind === 'help' ? c.usage : undefined),
      ),
    ]),
  ),
}

export const adminUsage = `Punchline VR operator commands.

${Object.values(areas)
  .map((area) => area.usage)
  .join('\n\n')}`

/** Reads the arguments; throws CliError for anything it does not understand. */
export function parseAdminCommand(argv: string[]): AdminCommand {
  const [area, ...rest] = argv
  if (area === undefined || area === 'help' || area === '--help' || area === '-h') {
    return { help: adminUsage, run: async ({ out }) => out.log(adminUsage) }
  }
  const found = areas[area]
  if (!found) {
    throw new CliError(
      `Unknown command "${area}". Try: npm run admin -- --help (commands: ${Object.keys(areas).join(', ')}).`,
    )
  }
  return found.parse(rest)
}

/**
 * The whole command line as a function: tests call it with their own database and clock.
 * Returns the exit code; an operator's mistake is one line on the error output and code 1.
 */
export async function runAdmin(argv: string[], deps: CliDeps): Promise<number> {
  try {
    const command = parseAdminCommand(argv)
    if (command.help !== undefined) deps.out.log(command.help)
    else await command.run(deps)
    return 0
  } catch (error) {
    if (error instanceof CliError) {
      deps.out.error(error.message)
      return 1
    }
    throw error
  }
}

/** y/yes on a terminal; without one (a script, CI) there is nobody to ask. */
async function confirmOnTerminal(question: string): Promise<boolean> {
  const terminal = createInterface({ input: process.stdin, output: process.stdout })
  try {
    return /^y(es)?$/i.test((await terminal.question(question)).trim())
  } finally {
    terminal.close()
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
  if (command.help !== undefined) {
    out.log(command.help)
    return 0
  }

  const config = loadConfig()
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
  const deps: CliDeps = {
    db,
    clock: systemClock,
    out,
    payments: () => createPaymentProvider({ config, clock: systemClock }),
    ...(process.stdin.isTTY ? { confirm: confirmOnTerminal } : {}),
  }
  try {
    await command.run(deps)
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
