import { describeEvent } from '../core/operator/event-actions'
import type { EventChanges } from '../core/schedule/events'
import { readCentralTime } from '../shared/central-time'
import { eventDescriptionMaxLength, eventNameMaxLength } from '../shared/operator'
import type { EventView } from '../shared/operator-views'
import { formatCentralTime } from '../shared/show-time'
import { allPages, CliError, type CliOutput, type CommandDeps, parseCliOptions } from './cli'

export const eventsUsage = `Usage: npm run admin -- events <command>

  events list [--all]              upcoming events (--all: past ones too)
  events add --name NAME --start "YYYY-MM-DD HH:MM" [--description TEXT]
  events edit <id> [--name NAME] [--start "YYYY-MM-DD HH:MM"] [--description TEXT]
  events remove <id> [--refund | --next [--to <show id>]]
                   a show with unused codes sold needs one: its paid orders refunded, or its
                   codes moved to the next show (or the one --to names); each buyer is mailed

Times are Central time (America/Chicago), e.g. --start "2026-12-01 20:00".
The first line of a description is what the landing page shows; write \\n for a new line.
While the server runs on the embedded database (no DATABASE_URL), commands go through it:
run them as the user who started it.`

export type EventsCommand =
  | { kind: 'help' }
  | { kind: 'list'; all: boolean }
  | { kind: 'add'; name: string; startsAt: Date; description: string }
  | { kind: 'edit'; id: string; changes: EventChanges }
  | { kind: 'remove'; id: string; codes?: 'refund' | 'next'; next?: string }

/** "2026-12-01 20:00" in Central time to the instant it denotes; a clear error otherwise. */
export function parseCentralTime(input: string): Date {
  const reading = readCentralTime(input)
  if (!reading.ok) throw new CliError(reading.message)
  return reading.instant
}

function checkName(value: string): string {
  const name = value.trim()
  if (!name) throw new CliError('The name must not be empty.')
  if (name.length > eventNameMaxLength) {
    throw new CliError(`The name is too long (at most ${eventNameMaxLength} characters).`)
  }
  return name
}

function checkDescription(value: string): string {
  const description = value.replace(/\\n/g, '\n').trim()
  if (description.length > eventDescriptionMaxLength) {
    throw new CliError(
      `The description is too long (at most ${eventDescriptionMaxLength} characters).`,
    )
  }
  return description
}

const eventsOptions = {
  name: { type: 'string' },
  start: { type: 'string' },
  description: { type: 'string' },
  all: { type: 'boolean' },
  refund: { type: 'boolean' },
  next: { type: 'boolean' },
  to: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const

/** Reads `events ...` arguments (without the word "events"); touches nothing. */
export function parseEventsCommand(args: string[]): EventsCommand {
  const { values, positionals } = parseCliOptions(args, eventsOptions, 'events')
  const [command, ...rest] = positionals
  if (values.help || command === undefined || command === 'help') return { kind: 'help' }

  const noExtra = (expected: number) => {
    if (rest.length > expected) throw new CliError(`Unexpected argument "${rest[expected]}".`)
  }
  const requireId = () => {
    const id = rest[0]
    if (!id) throw new CliError(`Give the event's id: events ${command} <id> (see: events list).`)
    return id
  }

  switch (command) {
    case 'list':
      noExtra(0)
      return { kind: 'list', all: values.all ?? false }
    case 'add': {
      noExtra(0)
      if (values.name === undefined) throw new CliError('Missing --name: every event needs a name.')
      if (values.start === undefined) {
        throw new CliError('Missing --start: give the start as "YYYY-MM-DD HH:MM" Central time.')
      }
      return {
        kind: 'add',
        name: checkName(values.name),
        startsAt: parseCentralTime(values.start),
        description: checkDescription(values.description ?? ''),
      }
    }
    case 'edit': {
      const id = requireId()
      noExtra(1)
      const changes: EventChanges = {}
      if (values.name !== undefined) changes.name = checkName(values.name)
      if (values.start !== undefined) changes.startsAt = parseCentralTime(values.start)
      if (values.description !== undefined) {
        changes.description = checkDescription(values.description)
      }
      if (Object.keys(changes).length === 0) {
        throw new CliError('Nothing to change: give --name, --start or --description.')
      }
      return { kind: 'edit', id, changes }
    }
    case 'remove': {
      const id = requireId()
      noExtra(1)
      if (values.refund && values.next) {
        throw new CliError('Choose one: --refund or --next.')
      }
      if (values.to !== undefined && !values.next) {
        throw new CliError('--to names the show the codes move to: give it with --next.')
      }
      return {
        kind: 'remove',
        id,
        ...(values.refund ? { codes: 'refund' as const } : {}),
        ...(values.next ? { codes: 'next' as const } : {}),
        ...(values.to ? { next: values.to.trim() } : {}),
      }
    }
    default:
      throw new CliError(
        `Unknown command "events ${command}". Use list, add, edit or remove (--help for more).`,
      )
  }
}

function table(events: EventView[]): string[] {
  const lines = events.map((event) => [
    event.id,
    formatCentralTime(new Date(event.startsAt)),
    event.name,
  ])
  const header = ['ID', 'START (CENTRAL)', 'NAME']
  const widths = header.map((title, i) =>
    Math.max(title.length, ...lines.map((line) => line[i]?.length ?? 0)),
  )
  return [header, ...lines].map((line) =>
    line.map((cell, i) => (i === line.length - 1 ? cell : cell.padEnd(widths[i] ?? 0))).join('  '),
  )
}

export async function executeEventsCommand(
  command: EventsCommand,
  { call, out }: CommandDeps,
): Promise<void> {
  switch (command.kind) {
    case 'help':
      out.log(eventsUsage)
      return
    case 'list': {
      const events = await allPages((page) =>
        call('events.list', { all: command.all, page, pageSize: 1000 }),
      )
      if (events.length === 0) {
        out.log(command.all ? 'No events.' : 'No upcoming events.')
        return
      }
      for (const line of table(events)) out.log(line)
      return
    }
    case 'add': {
      const { event } = await call('events.add', {
        name: command.name,
        startsAt: command.startsAt.toISOString(),
        description: command.description,
      })
      out.log(`Added ${describeEvent(event)}`)
      warnIfOver(event, out)
      return
    }
    case 'edit': {
      const { name, description, startsAt } = command.changes
      const { event, mailed } = await call('events.edit', {
        id: command.id,
        ...(name === undefined ? {} : { name }),
        ...(description === undefined ? {} : { description }),
        ...(startsAt === undefined ? {} : { startsAt: startsAt.toISOString() }),
      })
      out.log(`Updated ${describeEvent(event)}${mailedText(mailed)}`)
      warnIfOver(event, out)
      return
    }
    case 'remove': {
      const removed = await call('events.remove', {
        id: command.id,
        ...(command.codes ? { codes: command.codes } : {}),
        ...(command.next ? { next: command.next } : {}),
      })
      const moved = removed.movedTo ? `; codes moved to ${describeEvent(removed.movedTo)}` : ''
      const refunded =
        removed.refunded === undefined
          ? ''
          : `; ${removed.refunded} order${removed.refunded === 1 ? '' : 's'} refunded`
      out.log(
        `Removed ${describeEvent(removed.event)}${mailedText(removed.mailed)}${moved}${refunded}`,
      )
      for (const failed of removed.refundFailed ?? []) {
        out.error(
          `Not refunded: order ${failed.orderId}: ${failed.reason} (orders refund ${failed.orderId} --force)`,
        )
      }
      return
    }
  }
}

function mailedText(mailed: number | undefined): string {
  return mailed ? `; ${mailed} buyer${mailed === 1 ? '' : 's'} mailed` : ''
}

function warnIfOver(event: EventView, out: CliOutput): void {
  if (event.over) out.log('Note: this event is over, so the schedule does not list it.')
}
