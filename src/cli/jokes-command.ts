import { findProduct } from '../shared/catalogue'
import { type HostJokeView, isJokeState, type JokeState, jokeStates } from '../shared/jokes'
import { formatCentralTime } from '../shared/show-time'
import { CliError, type CommandDeps, parseCliOptions } from './cli'

export const jokesUsage = `Usage: npm run admin -- jokes <command>

  jokes list [--state S] [--json]  members' custom jokes, oldest first, with the member's tier;
                                   S: ${jokeStates.join(', ')} (all when left out)
  jokes accept <id>                the host will tell it: waiting -> accepted
  jokes performed <id>             told on stage: accepted -> performed
  jokes decline <id>               not for the show: waiting or accepted -> declined

--json prints one JSON array for scripts.`

type Move = 'accept' | 'performed' | 'decline'

export type JokesCommand =
  | { kind: 'help' }
  | { kind: 'list'; state?: JokeState; json: boolean }
  | { kind: Move; id: string }

const options = {
  state: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const

const moves: readonly string[] = ['accept', 'performed', 'decline'] satisfies Move[]

function isMove(verb: string): verb is Move {
  return moves.includes(verb)
}

/** Reads `jokes ...` (without the area word); touches nothing. */
export function parseJokesCommand(args: string[]): JokesCommand {
  const { values, positionals } = parseCliOptions(args, options, 'jokes')
  const [verb, ...rest] = positionals
  if (values.help || verb === undefined || verb === 'help') return { kind: 'help' }
  if (verb === 'list') {
    if (rest.length > 0) throw new CliError(`jokes list takes no "${rest[0]}": use the options.`)
    const state = values.state?.trim()
    if (state !== undefined && !isJokeState(state)) {
      throw new CliError(`Bad --state "${state}": one of ${jokeStates.join(', ')}.`)
    }
    return { kind: 'list', json: values.json ?? false, ...(state ? { state } : {}) }
  }
  if (!isMove(verb)) {
    throw new CliError(`Unknown command "jokes ${verb}". See: npm run admin -- jokes --help`)
  }
  if (values.state !== undefined || values.json !== undefined) {
    throw new CliError(`jokes ${verb} takes only the joke's id.`)
  }
  const id = rest.length === 1 ? rest[0]?.trim() : undefined
  if (!id) throw new CliError(`jokes ${verb} takes one joke id (see jokes list).`)
  return { kind: verb, id }
}

/** "jok_…  waiting  Tier 3 (Robin)  sent Sun 2026-11-22 16:30 CT", then the text, indented. */
export function jokeLines(joke: HostJokeView): string[] {
  const tier = findProduct(joke.tier)?.name ?? joke.tier
  const who = joke.displayName ? `${tier} (${joke.displayName})` : tier
  const sent = formatCentralTime(new Date(joke.sentAt))
  return [
    `${joke.id}  ${joke.state.padEnd(9)}  ${who}  sent ${sent}`,
    ...joke.text.split('\n').map((line) => `    ${line}`),
  ]
}

const actionOf = {
  accept: 'jokes.accept',
  performed: 'jokes.performed',
  decline: 'jokes.decline',
} as const

export async function executeJokesCommand(
  command: JokesCommand,
  { call, out }: CommandDeps,
): Promise<void> {
  switch (command.kind) {
    case 'help':
      return out.log(jokesUsage)
    case 'list': {
      const jokes = await call('jokes.list', {
        ...(command.state ? { states: [command.state] } : {}),
        limit: 1000,
      })
      if (command.json) return out.log(JSON.stringify(jokes, null, 2))
      if (jokes.length === 0) return out.log('No jokes match.')
      for (const joke of jokes) for (const line of jokeLines(joke)) out.log(line)
      return out.log(`${jokes.length} joke${jokes.length === 1 ? '' : 's'}.`)
    }
    default: {
      const { joke, changed } = await call(actionOf[command.kind], { id: command.id })
      return out.log(
        changed
          ? `Joke ${joke.id} is now ${joke.state}.`
          : `Joke ${joke.id} was ${joke.state} already.`,
      )
    }
  }
}
