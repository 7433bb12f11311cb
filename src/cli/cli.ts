import { type ParseArgsConfig, parseArgs } from 'node:util'
import type { Clock } from '../core/clock'
import type { Db } from '../core/db/schema'
import type { Refunder } from '../core/refunds/refund-order'

export interface CliOutput {
  log(line: string): void
  error(line: string): void
}

export interface CliDeps {
  db: Db
  clock: Clock
  out: CliOutput
  /** The payment provider's refunds, made when a command needs them. */
  payments?: (() => Refunder) | undefined
  /** Asks the operator a yes/no question; absent when there is no terminal to ask on. */
  confirm?: ((question: string) => Promise<boolean>) | undefined
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
