import { type ComicLink, type ComicView, comicLimits, comicPath } from '../shared/comics'
import type { OperatorInput } from '../shared/operator'
import { CliError, type CommandDeps, parseCliOptions } from './cli'

export const comicsUsage = `Usage: npm run admin -- comics <command>

  comics list [--all] [--json]     the roster by name (--all: archived comics too)
  comics add <name> [--slug SLUG] [--bio TEXT] [--vrchat NAME] [--vrchat-private]
             [--payout EMAIL] [--link "LABEL=https://..."]... [--json]
                                   a comic on the roster; the page /comics/<slug> is made from
                                   the name unless --slug says; up to ${comicLimits.linksMax} --link
  comics edit <comic> [--name NAME] [--slug SLUG] [--bio TEXT] [--vrchat NAME]
             [--vrchat-public | --vrchat-private] [--payout EMAIL]
             [--link "LABEL=https://..."]... [--no-links] [--unarchive] [--json]
                                   changes what is given; --link replaces every link, --no-links
                                   clears them, --payout "" clears the payout address;
                                   --unarchive brings an archived comic back
  comics archive <comic> [--json]  off the public pages and out of new lineups; their sets and
                                   credit stay

A comic is named by its slug (sam-stone) or id. The payout address is private: where the club
pays them and mails their statement. The VRChat name is on their public page unless
--vrchat-private; a comic made from an open-mic sign-up starts private (--vrchat-public shows it). Write \\n for a new line in a bio.
--json prints the comic (or the roster) as JSON for scripts.`

type Fields = Omit<OperatorInput<'comics.edit'>, 'comic' | 'archived' | 'payoutEmail'>

export type ComicsCommand =
  | { kind: 'help' }
  | { kind: 'list'; all: boolean; json: boolean }
  | { kind: 'add'; input: OperatorInput<'comics.add'>; json: boolean }
  | { kind: 'edit'; input: OperatorInput<'comics.edit'>; json: boolean }
  | { kind: 'archive'; comic: string; json: boolean }

const options = {
  name: { type: 'string' },
  slug: { type: 'string' },
  bio: { type: 'string' },
  vrchat: { type: 'string' },
  'vrchat-public': { type: 'boolean' },
  'vrchat-private': { type: 'boolean' },
  payout: { type: 'string' },
  link: { type: 'string', multiple: true },
  'no-links': { type: 'boolean' },
  unarchive: { type: 'boolean' },
  all: { type: 'boolean' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const

type Option = keyof typeof options

const allowed: Record<string, Option[]> = {
  list: ['all', 'json'],
  add: ['slug', 'bio', 'vrchat', 'vrchat-private', 'payout', 'link', 'json'],
  edit: [
    'name',
    'slug',
    'bio',
    'vrchat',
    'vrchat-public',
    'vrchat-private',
    'payout',
    'link',
    'no-links',
    'unarchive',
    'json',
  ],
  archive: ['json'],
}

/** "YouTube=https://youtube.com/@sam", or the address alone (its label is the address). */
function linkOf(value: string): ComicLink {
  const at = value.indexOf('=')
  const label = at > 0 ? value.slice(0, at).trim() : ''
  const url = (at > 0 ? value.slice(at + 1) : value).trim()
  if (!url.startsWith('https://')) {
    throw new CliError(
      `Bad --link "${value}": write LABEL=https://..., e.g. YouTube=https://youtube.com/@sam.`,
    )
  }
  return { label: label || url.slice('https://'.length), url }
}

/** Reads `comics ...` (without the area word); touches nothing. */
export function parseComicsCommand(args: string[]): ComicsCommand {
  const { values, positionals } = parseCliOptions(args, options, 'comics')
  const [verb, ...rest] = positionals
  if (values.help || verb === undefined || verb === 'help') return { kind: 'help' }
  const takes = allowed[verb]
  if (!takes)
    throw new CliError(`Unknown command "comics ${verb}". See: npm run admin -- comics --help`)
  for (const option of Object.keys(values) as Option[]) {
    if (option !== 'help' && !takes.includes(option)) {
      throw new CliError(
        `comics ${verb} does not take --${option}. See: npm run admin -- comics --help`,
      )
    }
  }
  const json = values.json ?? false
  if (verb === 'list') {
    if (rest.length > 0) throw new CliError(`comics list takes no "${rest[0]}": use the options.`)
    return { kind: 'list', all: values.all ?? false, json }
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

  if (values.link && values['no-links']) {
    throw new CliError('Give --link or --no-links, not both.')
  }
  if (values['vrchat-public'] && values['vrchat-private']) {
    throw new CliError('Give --vrchat-public or --vrchat-private, not both.')
  }
  const fields: Fields = {
    ...(values.name !== undefined ? { name: values.name.trim() } : {}),
    ...(values.slug !== undefined ? { slug: values.slug.trim() } : {}),
    ...(values.bio !== undefined ? { bio: values.bio.replace(/\\n/g, '\n').trim() } : {}),
    ...(values.vrchat !== undefined ? { vrchatName: values.vrchat.trim() } : {}),
    ...(values['vrchat-public'] ? { vrchatPublic: true } : {}),
    ...(values['vrchat-private'] ? { vrchatPublic: false } : {}),
    ...(values.link ? { links: values.link.map(linkOf) } : {}),
    ...(values['no-links'] ? { links: [] } : {}),
  }
  const payout = values.payout?.trim()
  if (verb === 'add') {
    const { name: _, ...rest } = fields
    return {
      kind: 'add',
      input: { name: what, ...rest, ...(payout ? { payoutEmail: payout } : {}) },
      json,
    }
  }
  const input: OperatorInput<'comics.edit'> = {
    comic: what,
    ...fields,
    ...(payout !== undefined ? { payoutEmail: payout } : {}),
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

function comicDetail(comic: ComicView): string[] {
  return [
    `${comic.name}  ${comicPath(comic.slug)}  (${comic.id})${comic.archived ? '  archived' : ''}`,
    `  VRChat     ${comic.vrchatName ? vrchatOf(comic) : '-'}`,
    `  payout     ${comic.payoutEmail ?? '-'}`,
    `  links      ${comic.links.map((link) => `${link.label}=${link.url}`).join('  ') || '-'}`,
    `  picture    ${comic.pictureUrl ?? '-'}`,
    ...(comic.bio
      ? comic.bio.split('\n').map((line, i) => `  ${i === 0 ? 'bio' : '   '}        ${line}`)
      : []),
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
  }
}
