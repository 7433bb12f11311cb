import { comicFields } from '../shared/comic-fields'
import { type ComicView, comicPath } from '../shared/comics'
import { filledIn } from '../shared/entity-fields'
import type { OperatorInput } from '../shared/operator'
import { CliError, type CommandDeps, parseCliOptions } from './cli'
import {
  addFlags,
  fieldHelp,
  fieldInput,
  fieldLines,
  fieldOptions,
  fieldSynopsis,
  helpLines,
  longTextLines,
  wrapWords,
} from './field-options'

const synopsis = (command: string, verb: 'add' | 'edit', after: string[]) =>
  wrapWords([...fieldSynopsis(comicFields, verb), ...after], `  ${command}`, ' '.repeat(13))

export const comicsUsage = [
  'Usage: npm run admin -- comics <command>',
  '',
  ...helpLines('comics list [--all] [--json]', 'the roster by name (--all: archived comics too)'),
  ...synopsis('comics add <name>', 'add', ['[--json]']),
  ...helpLines('', 'a comic on the roster, with the fields given'),
  ...synopsis('comics edit <comic>', 'edit', ['[--unarchive]', '[--json]']),
  ...helpLines('', 'changes the fields given; --unarchive brings an archived comic back'),
  ...helpLines(
    'comics archive <comic> [--json]',
    'off the public pages and out of new lineups; their sets and credit stay',
  ),
  ...helpLines(
    'comics lock <comic> [--unlock] [--json]',
    "their own page: the comic's edits refused until unlocked",
  ),
  ...helpLines('comics changes <comic> [--json]', 'the changes the comic made to their page'),
  ...helpLines(
    'comics undo <comic> [--change N] [--json]',
    'undoes their latest change of their page (or change N)',
  ),
  '',
  "A comic's fields, as comics add and edit take them:",
  ...fieldHelp(comicFields),
  '',
  'A comic is named by its slug (sam-stone) or id.',
  '--json prints the comic (or the roster) as JSON for scripts.',
].join('\n')

export type ComicsCommand =
  | { kind: 'help' }
  | { kind: 'list'; all: boolean; json: boolean }
  | { kind: 'add'; input: OperatorInput<'comics.add'>; json: boolean }
  | { kind: 'edit'; input: OperatorInput<'comics.edit'>; json: boolean }
  | { kind: 'archive'; comic: string; json: boolean }
  | { kind: 'lock'; comic: string; unlock: boolean; json: boolean }
  | { kind: 'changes'; comic: string; json: boolean }
  | { kind: 'undo'; comic: string; change: number | undefined; json: boolean }

const options = {
  ...fieldOptions(comicFields),
  unarchive: { type: 'boolean' },
  unlock: { type: 'boolean' },
  change: { type: 'string' },
  all: { type: 'boolean' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const

const allowed: Record<string, string[]> = {
  list: ['all', 'json'],
  add: [...addFlags(comicFields), 'json'],
  edit: [...Object.keys(fieldOptions(comicFields)), 'unarchive', 'json'],
  archive: ['json'],
  lock: ['unlock', 'json'],
  changes: ['json'],
  undo: ['change', 'json'],
}

/** Reads `comics ...` (without the area word); touches nothing. */
export function parseComicsCommand(args: string[]): ComicsCommand {
  const { values, positionals } = parseCliOptions(args, options, 'comics')
  const [verb, ...rest] = positionals
  if (values.help || verb === undefined || verb === 'help') return { kind: 'help' }
  const takes = allowed[verb]
  if (!takes)
    throw new CliError(`Unknown command "comics ${verb}". See: npm run admin -- comics --help`)
  for (const option of Object.keys(values)) {
    if (option !== 'help' && !takes.includes(option)) {
      throw new CliError(
        `comics ${verb} does not take --${option}. See: npm run admin -- comics --help`,
      )
    }
  }
  const json = values.json === true
  if (verb === 'list') {
    if (rest.length > 0) throw new CliError(`comics list takes no "${rest[0]}": use the options.`)
    return { kind: 'list', all: values.all === true, json }
  }
  const what = rest.length === 1 ? rest[0]?.trim() : undefined
  if (!what) {
    throw new CliError(
      verb === 'add'
        ? 'comics add takes one stage name (in quotes when it has spaces).'
        : `comics ${verb} takes one comic: their slug or id (see comics list).`,
    )
  }
  if (verb === 'archive') return { kind: 'archive', comic: what, json }
  if (verb === 'lock') return { kind: 'lock', comic: what, unlock: values.unlock === true, json }
  if (verb === 'changes') return { kind: 'changes', comic: what, json }
  if (verb === 'undo') {
    const change = values.change === undefined ? undefined : Number(values.change)
    if (change !== undefined && !(Number.isInteger(change) && change > 0)) {
      throw new CliError('comics undo --change takes the number comics changes prints.')
    }
    return { kind: 'undo', comic: what, change, json }
  }

  const fields = fieldInput(comicFields, values)
  if (verb === 'add') {
    return { kind: 'add', input: { ...filledIn(comicFields, fields), name: what }, json }
  }
  const input: OperatorInput<'comics.edit'> = {
    comic: what,
    ...fields,
    ...(values.unarchive ? { archived: false } : {}),
  }
  if (Object.keys(input).length === 1) {
    throw new CliError('comics edit needs something to change. See: npm run admin -- comics --help')
  }
  return { kind: 'edit', input, json }
}

/** The VRChat name, and whether it is kept off the public pages. */
const vrchatOf = (comic: ComicView) =>
  comic.vrchatPublic ? comic.vrchatName : `${comic.vrchatName} (not public)`

/** "sam-stone  Sam Stone  VRChat SamTheSlow  payout sam@example.com  (archived)". */
export function comicLine(comic: ComicView): string {
  return [
    comic.slug.padEnd(16),
    comic.name,
    comic.vrchatName ? `VRChat ${vrchatOf(comic)}` : '',
    comic.payoutEmail ? `payout ${comic.payoutEmail}` : 'no payout address',
    comic.pictureUrl ? 'picture' : '',
    comic.archived ? '(archived)' : '',
  ]
    .filter(Boolean)
    .join('  ')
}

/** The comic: the heading, each field (shared/comic-fields.ts), the picture, the bio last. */
function comicDetail(comic: ComicView): string[] {
  return [
    `${comic.name}  ${comicPath(comic.slug)}  (${comic.id})${comic.archived ? '  archived' : ''}`,
    ...fieldLines(comicFields, comic),
    `  picture    ${comic.pictureUrl ?? '-'}`,
    ...longTextLines(comicFields, comic),
  ]
}

export async function executeComicsCommand(
  command: ComicsCommand,
  { call, out }: CommandDeps,
): Promise<void> {
  switch (command.kind) {
    case 'help':
      return out.log(comicsUsage)
    case 'list': {
      const comics = await call('comics.list', { all: command.all })
      if (command.json) return out.log(JSON.stringify(comics, null, 2))
      if (comics.length === 0) return out.log('No comics on the roster yet (comics add <name>).')
      for (const comic of comics) out.log(comicLine(comic))
      return out.log(`${comics.length} comic${comics.length === 1 ? '' : 's'}.`)
    }
    case 'add': {
      const { comic } = await call('comics.add', command.input)
      if (command.json) return out.log(JSON.stringify(comic, null, 2))
      out.log(`Added ${comic.name} to the roster.`)
      for (const line of comicDetail(comic)) out.log(line)
      return
    }
    case 'edit': {
      const { comic, changed } = await call('comics.edit', command.input)
      if (command.json) return out.log(JSON.stringify(comic, null, 2))
      out.log(
        changed ? `Saved ${comic.name}.` : `Nothing changed: ${comic.name} was like that already.`,
      )
      for (const line of comicDetail(comic)) out.log(line)
      return
    }
    case 'archive': {
      const { comic, changed } = await call('comics.archive', { comic: command.comic })
      if (command.json) return out.log(JSON.stringify(comic, null, 2))
      return out.log(
        changed
          ? `Archived ${comic.name}: off the public pages and out of new lineups (comics edit ${comic.slug} --unarchive brings them back).`
          : `${comic.name} was archived already.`,
      )
    }
    case 'lock': {
      const { comic, changed } = await call('comics.lock', {
        comic: command.comic,
        unlock: command.unlock,
      })
      if (command.json) return out.log(JSON.stringify(comic, null, 2))
      const state = comic.locked ? 'locked: only the host edits it' : 'open to their own edits'
      return out.log(`${comic.name}'s page is ${state}${changed ? '.' : ' (as it was).'}`)
    }
    case 'changes': {
      const changes = await call('comics.changes', { comic: command.comic })
      if (command.json) return out.log(JSON.stringify(changes, null, 2))
      if (changes.length === 0) return out.log('No changes of their own page.')
      for (const change of changes) {
        const fields = Object.keys(change.after).join(', ')
        out.log(`${change.id}  ${change.at}  ${fields}${change.undone ? '  (undone)' : ''}`)
      }
      return
    }
    case 'undo': {
      const undone = await call('comics.undo', {
        comic: command.comic,
        ...(command.change ? { change: command.change } : {}),
      })
      if (command.json) return out.log(JSON.stringify(undone, null, 2))
      return out.log(
        `Undid change ${undone.change} of ${undone.comic.name}'s page: ${undone.fields.join(', ')}.`,
      )
    }
  }
}
