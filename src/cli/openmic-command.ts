import { readCentralTime } from '../shared/central-time'
import { openMicLimits } from '../shared/open-mic'
import type { OpenMicView, SignupView } from '../shared/open-mic-operator'
import type { OperatorActionName } from '../shared/operator'
import { formatCentralTime } from '../shared/show-time'
import { CliError, type CommandDeps, parseCliOptions } from './cli'

export const openMicUsage = `Usage: npm run admin -- openmic <command>

  openmic show <show> [--json]     the list, the waitlist, pending and withdrawn sign-ups
  openmic set <show> --slots 10 --minutes 5 --opens "2026-12-01 12:00" --closes "2026-12-01 19:00"
              [--lottery --draw "2026-12-01 19:30"]
                                   makes a show an open mic, or changes it: first come unless
                                   --lottery (drawn at --draw, or by openmic draw; its seed is
                                   made then, its SHA-256 public, the seed secret until the draw)
  openmic draw <show>              draws the lottery now with that seed; seed and lists recorded
  openmic reorder <show> <signup> <place>
                                   puts a sign-up at that place of its list (1 = first); reorder
                                   and move wait for a lottery's draw
  openmic move <show> <signup> list|waitlist
                                   to the end of the list, or the top of the waitlist (mailed)
  openmic check-in <show> <signup> [--undo]
  openmic no-show <show> <signup> [--undo]   off the public running order
  openmic lineup <show>            the running order (no-shows left out) becomes the show's lineup

<show> is a show's id (see: events list); <signup> the number openmic show gives each sign-up.
Times are Central. Slots: 1 to ${openMicLimits.slotsMax}; minutes: 1 to ${openMicLimits.setMinutesMax}.`

export type OpenMicCommand =
  | { kind: 'help' }
  | { kind: 'action'; name: OperatorActionName; input: Record<string, unknown>; json: boolean }

const options = {
  slots: { type: 'string' },
  minutes: { type: 'string' },
  opens: { type: 'string' },
  closes: { type: 'string' },
  draw: { type: 'string' },
  lottery: { type: 'boolean' },
  undo: { type: 'boolean' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const

function whole(value: string | undefined, what: string, max: number): number {
  const n = Number(value)
  if (value === undefined || !/^\d+$/.test(value) || n < 1 || n > max) {
    throw new CliError(`${what} needs a whole number from 1 to ${max}.`)
  }
  return n
}

function central(value: string | undefined, what: string): string {
  if (value === undefined) throw new CliError(`openmic set needs ${what} (Central time).`)
  const reading = readCentralTime(value)
  if (!reading.ok) throw new CliError(reading.message)
  return reading.instant.toISOString()
}

/** Reads `openmic ...` (without the area word); touches nothing. */
export function parseOpenMicCommand(args: string[]): OpenMicCommand {
  const { values, positionals } = parseCliOptions(args, options, 'openmic')
  const [verb, show, ...rest] = positionals
  if (values.help || verb === undefined || verb === 'help') return { kind: 'help' }
  const json = values.json ?? false
  if (!show) throw new CliError(`openmic ${verb} needs a show id (see: events list).`)
  const signup = () => whole(rest[0], 'The sign-up', 2_147_483_647)
  const action = (name: OperatorActionName, input: Record<string, unknown>): OpenMicCommand => ({
    kind: 'action',
    name,
    input: { show, ...input },
    json,
  })
  switch (verb) {
    case 'show':
      return action('openmic.show', {})
    case 'set':
      return action('openmic.set', {
        slots: whole(values.slots, '--slots', openMicLimits.slotsMax),
        setMinutes: whole(values.minutes, '--minutes', openMicLimits.setMinutesMax),
        opensAt: central(values.opens, '--opens'),
        closesAt: central(values.closes, '--closes'),
        rule: values.lottery ? 'lottery' : 'first-come',
        ...(values.lottery ? { drawAt: central(values.draw, '--draw') } : {}),
      })
    case 'draw':
      return action('openmic.draw', {})
    case 'reorder':
      return action('openmic.reorder', {
        signup: signup(),
        position: whole(rest[1], 'The place', 1000),
      })
    case 'move': {
      const to = rest[1]
      if (to !== 'list' && to !== 'waitlist') {
        throw new CliError('openmic move takes list or waitlist after the sign-up.')
      }
      return action('openmic.move', { signup: signup(), to: to === 'list' ? 'slot' : 'waitlist' })
    }
    case 'check-in':
      return action('openmic.check-in', { signup: signup(), undo: values.undo ?? false })
    case 'no-show':
      return action('openmic.no-show', { signup: signup(), undo: values.undo ?? false })
    case 'lineup':
      return action('openmic.use-lineup', {})
    default:
      throw new CliError(`Unknown command "openmic ${verb}". See: npm run admin -- openmic --help`)
  }
}

function signupLine(s: SignupView): string {
  const at = s.plannedAt ? `  ${formatCentralTime(new Date(s.plannedAt))}` : ''
  const marks = [s.checkedIn ? 'checked in' : '', s.noShow ? 'no-show' : ''].filter(Boolean)
  const note = s.note ? `  note: ${s.note.replace(/\n/g, ' / ')}` : ''
  return `  ${String(s.position ?? '-').padStart(2)}  #${s.id}  ${s.stageName}  <${s.email}>  VRChat ${s.vrchatName}${at}${marks.length ? `  (${marks.join(', ')})` : ''}${note}`
}

/** The open mic as the host reads it in a terminal. */
export function openMicLines(view: OpenMicView): string[] {
  const o = view.openMic
  const rule =
    o.rule === 'lottery'
      ? `lottery${o.drawAt ? ` drawn at ${formatCentralTime(new Date(o.drawAt))}` : ''}`
      : 'first come'
  const lines = [
    `${o.showName}  ${formatCentralTime(new Date(o.startsAt))}  (${o.showId})`,
    `  ${o.slots} slots of ${o.setMinutes} min, ${rule}; sign-up ${formatCentralTime(new Date(o.opensAt))} to ${formatCentralTime(new Date(o.closesAt))}`,
  ]
  if (o.drawSeedHash) lines.push(`  the seed's SHA-256 (public): ${o.drawSeedHash}`)
  if (o.draw)
    lines.push(`  drawn ${formatCentralTime(new Date(o.draw.drawnAt))}, seed ${o.draw.seed}`)
  const section = (title: string, rows: SignupView[]) => {
    if (rows.length > 0) lines.push(`${title}:`, ...rows.map(signupLine))
  }
  section('The list', view.slots)
  section('Waitlist', view.waitlist)
  section('Confirmed, to be drawn', view.pool)
  section('Not confirmed yet', view.pending)
  section('Withdrawn', view.withdrawn)
  return lines
}

export async function executeOpenMicCommand(
  command: OpenMicCommand,
  { call, out }: CommandDeps,
): Promise<void> {
  if (command.kind === 'help') return out.log(openMicUsage)
  // Every openmic action answers the open mic as it is now.
  const view = (await call(command.name, command.input as never)) as OpenMicView
  if (command.json) return out.log(JSON.stringify(view, null, 2))
  for (const line of openMicLines(view)) out.log(line)
}
