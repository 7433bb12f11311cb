import {
  type ComicRole,
  comicLimits,
  comicRoles,
  comicRoleWords,
  type LineupView,
} from '../shared/comics'
import type { OperatorInput } from '../shared/operator'
import { formatCentralTime } from '../shared/show-time'
import { CliError, type CommandDeps, parseCliOptions } from './cli'

export const lineupUsage = `Usage: npm run admin -- lineup <command>

  lineup show [<show>] [--json]    a show's bill in running order: role and set length
  lineup set <show> <comic>:<role>[:<minutes>] ... [--json]
                                   replaces the whole bill, in the order given; e.g.
                                   lineup set <show> sam-stone:host:5 lee-park:feature robin:headliner:20
  lineup set <show> --clear        nobody on the bill

<show> is a show's id (see: events list); left out, tonight's show (on now, or the next one).
<comic> is a slug or id (see: comics list). <role>: ${comicRoles.join(', ')}.
<minutes>: the planned set, 1 to ${comicLimits.setMinutesMax} (${comicLimits.defaultSetMinutes} when left out).`

type Places = OperatorInput<'lineup.set'>['places']

export type LineupCommand =
  | { kind: 'help' }
  | { kind: 'show'; show?: string; json: boolean }
  | { kind: 'set'; show?: string; places: Places; json: boolean }

const options = {
  clear: { type: 'boolean' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const

function isRole(word: string): word is ComicRole {
  return (comicRoles as readonly string[]).includes(word)
}

/** "sam-stone:host:5" as a place on the bill. */
function placeOf(word: string): Places[number] {
  const [comic = '', role = '', minutes, ...more] = word.split(':')
  if (!comic.trim() || more.length > 0) {
    throw new CliError(
      `Bad place "${word}": write <comic>:<role>[:<minutes>], e.g. sam-stone:host:5.`,
    )
  }
  if (!isRole(role)) {
    throw new CliError(`Bad role in "${word}": one of ${comicRoles.join(', ')}.`)
  }
  if (minutes === undefined) return { comic: comic.trim(), role }
  const setMinutes = Number(minutes)
  if (!/^\d+$/.test(minutes) || setMinutes < 1 || setMinutes > comicLimits.setMinutesMax) {
    throw new CliError(
      `Bad minutes in "${word}": a whole number from 1 to ${comicLimits.setMinutesMax}.`,
    )
  }
  return { comic: comic.trim(), role, setMinutes }
}

/** Reads `lineup ...` (without the area word); touches nothing. */
export function parseLineupCommand(args: string[]): LineupCommand {
  const { values, positionals } = parseCliOptions(args, options, 'lineup')
  const [verb, ...rest] = positionals
  if (values.help || verb === undefined || verb === 'help') return { kind: 'help' }
  const json = values.json ?? false
  if (verb === 'show') {
    if (values.clear) throw new CliError('lineup show takes no --clear (only lineup set does).')
    if (rest.length > 1) throw new CliError('lineup show takes at most one show id.')
    const show = rest[0]?.trim()
    return { kind: 'show', json, ...(show ? { show } : {}) }
  }
  if (verb !== 'set') {
    throw new CliError(`Unknown command "lineup ${verb}". See: npm run admin -- lineup --help`)
  }
  // A show's id holds no colon; a place always does: without a show, the places start at once.
  const show = rest[0] !== undefined && !rest[0].includes(':') ? rest[0].trim() : undefined
  const words = show === undefined ? rest : rest.slice(1)
  if (values.clear) {
    if (words.length > 0) throw new CliError('Give places or --clear, not both.')
    return { kind: 'set', json, places: [], ...(show ? { show } : {}) }
  }
  if (words.length === 0) {
    throw new CliError(
      'lineup set takes the whole bill: <comic>:<role>[:<minutes>] ... (or --clear for nobody).',
    )
  }
  return { kind: 'set', json, places: words.map(placeOf), ...(show ? { show } : {}) }
}

/** The show's line, then one line per place: "  1  Sam Stone (sam-stone)  Host/MC  5 min". */
export function lineupLines(lineup: LineupView): string[] {
  const head = `${lineup.showName}  ${formatCentralTime(new Date(lineup.startsAt))}  (${lineup.showId})`
  if (lineup.entries.length === 0) return [head, '  nobody on the lineup yet (lineup set)']
  return [
    head,
    ...lineup.entries.map(
      (entry, i) =>
        `  ${String(i + 1).padStart(2)}  ${entry.comic.name} (${entry.comic.slug})  ${comicRoleWords[entry.role]}  ${entry.setMinutes} min`,
    ),
  ]
}

export async function executeLineupCommand(
  command: LineupCommand,
  { call, out }: CommandDeps,
): Promise<void> {
  if (command.kind === 'help') return out.log(lineupUsage)
  const show = command.show ? { show: command.show } : {}
  if (command.kind === 'show') {
    const lineup = await call('lineup.show', show)
    if (command.json) return out.log(JSON.stringify(lineup, null, 2))
    for (const line of lineupLines(lineup)) out.log(line)
    return
  }
  const { lineup, changed } = await call('lineup.set', { ...show, places: command.places })
  if (command.json) return out.log(JSON.stringify(lineup, null, 2))
  out.log(changed ? 'Saved the lineup.' : 'Nothing changed: the lineup was like that already.')
  for (const line of lineupLines(lineup)) out.log(line)
}
