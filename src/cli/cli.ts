import os from 'node:os'
import { type ParseArgsConfig, parseArgs } from 'node:util'
import type { Clock } from '../core/clock'
import type { Db } from '../core/db/schema'
import type { OperatorDeps } from '../core/operator/operator-types'
import { localOperator } from '../core/operator/run-action'
import type { OperatorCall } from '../shared/operator'
import { printable } from '../shared/text'

export interface CliOutput {
  log(line: string): void
  error(line: string): void
}

/** The operator's terminal: where lines go, and whom to ask. */
interface CliTerminal {
  out: CliOutput
  /** Asks the operator a yes/no question; absent when there is no terminal to ask on. */
  confirm?: ((question: string) => Promise<boolean>) | undefined
}

/** Actions run in this process, on this database. */
interface CliDatabase {
  db: Db
  clock: Clock
  /** The payment provider's refunds (and memberships' billing), made when a command needs them. */
  payments?: OperatorDeps['payments']
  /** The console's address and who may sign in to it (console-link). */
  console?: OperatorDeps['console']
  call?: undefined
}

/**
 * What the command line runs on: a database of its own, or `call`, which runs each action
 * somewhere else (a running server, over its local channel).
 */
export type CliDeps = CliTerminal & (CliDatabase | { call: OperatorCall })

/** What each command gets: every action through `call`, and the terminal. */
export interface CommandDeps extends CliTerminal {
  call: OperatorCall
}

/** The machine's user running the command, as the audit log names them. */
export function machineUser(): string {
  try {
    return os.userInfo().username
  } catch {
    // A container's uid without a name.
    return `uid ${process.getuid?.() ?? 'unknown'}`
  }
}

/** The command's deps: `call` as given, or the actions run here on the database, as `who`. */
export function commandDeps(deps: CliDeps, who = machineUser()): CommandDeps {
  const call =
    deps.call ??
    localOperator(
      { db: deps.db, clock: deps.clock, payments: deps.payments, console: deps.console },
      { who, via: 'cli' },
    )
  return { call, out: terminalSafe(deps.out), ...(deps.confirm ? { confirm: deps.confirm } : {}) }
}

/**
 * What the command line prints, with every non-printable character escaped: a show's name, a
 * joke or a member's name reaches the host's terminal, which would act on an escape sequence.
 */
export function terminalSafe(out: CliOutput): CliOutput {
  return { log: (line) => out.log(printable(line)), error: (line) => out.error(printable(line)) }
}

/** A mistake in what the operator typed: printed as one line, exit code 1. */
export class CliError extends Error {}

/**
 * Reads options with node's parseArgs; a mistake becomes one line naming the option, with where
 * to look for help (`npm run admin -- AREA --help`).
 */
export function parseCliOptions<O extends NonNullable<ParseArgsConfig['options']>>(
  args: string[],
  options: O,
  area: string,
) {
  try {
    return parseArgs({ args, allowPositionals: true, strict: true, options })
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    const option = /'(-[^' ]+)/.exec(message)?.[1]
    if (message.includes('argument missing') && option) {
      throw new CliError(`${option} needs a value.`)
    }
    if (option) throw new CliError(`Unknown option ${option}. See: npm run admin -- ${area} --help`)
    throw new CliError(message.split('\n')[0] ?? 'Bad arguments.')
  }
}

/** Every page of a paged action, 1000 at a time: the command line prints whole lists. */
export async function allPages<T>(
  read: (page: number) => Promise<{ items: T[]; total: number }>,
): Promise<T[]> {
  const items: T[] = []
  for (let page = 1; ; page++) {
    const found = await read(page)
    items.push(...found.items)
    if (found.items.length === 0 || items.length >= found.total) return items
  }
}
