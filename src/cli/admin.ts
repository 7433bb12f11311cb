import path from 'node:path'
import { createInterface } from 'node:readline/promises'
import { pathToFileURL } from 'node:url'
import { systemClock } from '../core/clock'
import { Refusal } from '../core/refusal'
import { DataFolderBusyError } from '../server/adapters/db/data-folder-lock'
import { openDatabase } from '../server/adapters/db/database'
import { connectOperatorChannel } from '../server/adapters/operator-channel-client'
import { createPaymentProvider } from '../server/adapters/payments/create-provider'
import { loadConfig } from '../server/config'
import { printable } from '../shared/text'
import {
  type CliDeps,
  CliError,
  type CommandDeps,
  commandDeps,
  machineUser,
  terminalSafe,
} from './cli'
import { comicsUsage, executeComicsCommand, parseComicsCommand } from './comics-command'
import {
  comicsMoneyUsage,
  comicsMoneyVerbs,
  executeComicsMoneyCommand,
  parseComicsMoneyCommand,
} from './comics-money-command'
import {
  auditUsage,
  consoleLinkUsage,
  executeConsoleCommand,
  parseAuditCommand,
  parseConsoleLinkCommand,
} from './console-commands'
import { dataCommandNames, dataUsage, runDataCommandLine } from './data-commands'
import { eventsUsage, executeEventsCommand, parseEventsCommand } from './events-command'
import { executeGoalCommand, goalUsage, parseGoalCommand } from './goal-command'
import { executeJokesCommand, jokesUsage, parseJokesCommand } from './jokes-command'
import { executeLineupCommand, lineupUsage, parseLineupCommand } from './lineup-command'
import { executeMailCommand, mailUsage, parseMailCommand } from './mail-command'
import { executeMembersCommand, membersUsage, parseMembersCommand } from './members-command'
import { executeOpenMicCommand, openMicUsage, parseOpenMicCommand } from './openmic-command'
import {
  codesUsage,
  executeSalesCommand,
  ordersUsage,
  parseSalesCommand,
  showsUsage,
} from './sales-commands'
import { executeStageCommand, parseStageCommand, stageUsage } from './stage-command'

/** A command after parsing: whether it is help (which needs no database), and how to run it. */
export interface AdminCommand {
  help: string | undefined
  run(deps: CommandDeps): Promise<void>
}

interface Area {
  usage: string
  parse(args: string[]): AdminCommand
}

/** An area's parser and runner as one AdminCommand maker; `help` says which parse is help. */
function area<C>(
  usage: string,
  parse: (args: string[]) => C,
  execute: (command: C, deps: CommandDeps) => Promise<void>,
  helpOf: (command: C) => string | undefined,
): Area {
  return {
    usage,
    parse(args: string[]): AdminCommand {
      const command = parse(args)
      return { help: helpOf(command), run: (deps) => execute(command, deps) }
    },
  }
}

/** An area whose help is its usage (its parser says `{ kind: 'help' }`). */
function usageArea<C extends { kind: string }>(
  usage: string,
  parse: (args: string[]) => C,
  execute: (command: C, deps: CommandDeps) => Promise<void>,
): Area {
  return area(usage, parse, execute, (c) => (c.kind === 'help' ? usage : undefined))
}

/**
 * `comics ...`: the roster's verbs (comics-command.ts) and the money's (comics-money-command.ts:
 * statement, settle, payout...), one area with one help.
 */
function comicsArea(): Area {
  const usage = `${comicsUsage}\n\n${comicsMoneyUsage}`
  const roster = area(usage, parseComicsCommand, executeComicsCommand, (c) =>
    c.kind === 'help' ? usage : undefined,
  )
  const money = area(usage, parseComicsMoneyCommand, executeComicsMoneyCommand, (c) =>
    c.kind === 'help' ? usage : undefined,
  )
  const moneyVerbs: readonly string[] = comicsMoneyVerbs
  return {
    usage,
    parse: (args) => (moneyVerbs.includes(args[0] ?? '') ? money : roster).parse(args),
  }
}

/** Each area of the command line: its help, and how it reads its arguments into a command. */
const areas: Record<string, Area> = {
  events: usageArea(eventsUsage, parseEventsCommand, executeEventsCommand),
  /** The comics (docs/comics.md): the roster, and what the club owes each ("Settling with the comics"). */
  comics: comicsArea(),
  lineup: usageArea(lineupUsage, parseLineupCommand, executeLineupCommand),
  /** Open mics (docs/comics.md, "Open mics"): sign-ups, the draw, the list and the waitlist. */
  openmic: usageArea(openMicUsage, parseOpenMicCommand, executeOpenMicCommand),
  mail: usageArea(mailUsage, parseMailCommand, executeMailCommand),
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

/** Memberships (docs/memberships.md), after the store's areas in the help. */
const memberAreas: Record<string, Area> = {
  members: usageArea(membersUsage, parseMembersCommand, executeMembersCommand),
  jokes: usageArea(jokesUsage, parseJokesCommand, executeJokesCommand),
  /** The stage's stream (docs/stage.md): the host's test alert and controls. */
  stage: usageArea(stageUsage, parseStageCommand, executeStageCommand),
  /** The night's goal (docs/stage.md): its progress on every screen, its alert once. */
  goal: usageArea(goalUsage, parseGoalCommand, executeGoalCommand),
}

/** The console's own commands, after the store's areas in the help. */
const consoleAreas: Record<string, Area> = {
  'console-link': area(consoleLinkUsage, parseConsoleLinkCommand, executeConsoleCommand, (c) =>
    c.kind === 'help' ? c.usage : undefined,
  ),
  audit: area(auditUsage, parseAuditCommand, executeConsoleCommand, (c) =>
    c.kind === 'help' ? c.usage : undefined,
  ),
}

export const adminUsage = `Punchline VR operator commands.

${[...Object.values(areas), ...Object.values(memberAreas), ...Object.values(consoleAreas)].map((area) => area.usage).join('\n\n')}

${dataUsage}`

/** Reads the arguments; throws CliError for anything it does not understand. */
export function parseAdminCommand(argv: string[]): AdminCommand {
  const [name, ...rest] = argv
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    return { help: adminUsage, run: async ({ out }) => out.log(adminUsage) }
  }
  const found = areas[name] ?? memberAreas[name] ?? consoleAreas[name]
  if (!found) {
    throw new CliError(
      `Unknown command "${name}". Try: npm run admin -- --help (commands: ${[...Object.keys(areas), ...Object.keys(memberAreas), ...Object.keys(consoleAreas)].join(', ')}).`,
    )
  }
  return found.parse(rest)
}

/** Runs a parsed command: an operator's mistake or a refused action is one line and code 1. */
async function runCommand(command: AdminCommand, deps: CommandDeps): Promise<number> {
  try {
    if (command.help !== undefined) deps.out.log(command.help)
    else await command.run(deps)
    return 0
  } catch (error) {
    if (error instanceof CliError || error instanceof Refusal) {
      deps.out.error(error.message)
      return 1
    }
    throw error
  }
}

/**
 * The whole command line as a function: tests call it with their own database and clock, or a
 * `call` of their own. Returns the exit code.
 */
export async function runAdmin(argv: string[], deps: CliDeps): Promise<number> {
  let command: AdminCommand
  try {
    command = parseAdminCommand(argv)
  } catch (error) {
    if (!(error instanceof CliError)) throw error
    terminalSafe(deps.out).error(error.message)
    return 1
  }
  return runCommand(command, commandDeps(deps))
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
  const out = terminalSafe({ log: console.log, error: console.error })
  const argv = process.argv.slice(2)
  // The data's own commands (backup, restore, move) work on the database as a whole.
  if ((dataCommandNames as readonly string[]).includes(argv[0] ?? '')) {
    return runDataCommandLine(argv, out)
  }
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
  const who = machineUser()
  const terminal = { out, ...(process.stdin.isTTY ? { confirm: confirmOnTerminal } : {}) }
  // A server on the embedded database holds it: the command runs there, over its local channel.
  const channel = config.databaseUrl
    ? undefined
    : await connectOperatorChannel(config.dataDir, { who })
  if (channel) return runCommand(command, { ...terminal, call: channel })

  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }).catch(
    (error) => {
      if (!(error instanceof DataFolderBusyError)) throw error
      throw new DataFolderBusyError(
        error.dataDir,
        error.pid,
        error.lockPath,
        ', and its local channel for these commands did not answer: run the command as the user who started the server',
      )
    },
  )
  const deps: CliDeps = {
    ...terminal,
    db,
    clock: systemClock,
    payments: () => createPaymentProvider({ config, clock: systemClock }),
    console: { publicUrl: config.publicUrl, adminEmails: config.adminEmails },
  }
  try {
    return await runCommand(command, commandDeps(deps, who))
  } finally {
    await db.destroy()
  }
}

/**
 * What a command that fails before it runs prints: its one line, made safe for a terminal as every
 * other line is (a setting or a folder's name may hold anything).
 */
export function fatalLine(error: unknown): string {
  return printable(error instanceof Error ? error.message : String(error))
}

/** The command line's process: runs the command argv names and exits with its code. */
export function runAdminProcess(): void {
  main().then(
    (code) => process.exit(code),
    (error) => {
      // A bad setting (ConfigError) or a database that cannot be opened: one line, no stack.
      console.error(fatalLine(error))
      process.exit(1)
    },
  )
}

// `tsx src/cli/admin.ts`; dist/node/admin.mjs and scripts/admin.ts (npm run admin) call
// runAdminProcess themselves.
const isEntryPoint =
  process.argv[1] !== undefined &&
  import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href

if (isEntryPoint) runAdminProcess()
