import {
  type Field,
  type Fields,
  type FieldValues,
  isRequired,
  isShown,
  type Link,
} from '../shared/entity-fields'
import { CliError } from './cli'

/**
 * An entity's declared fields (shared/entity-fields.ts) on the command line: each field's
 * options, read into an action's input, listed in the help, and printed back.
 */

type OptionSpec = { type: 'string' | 'boolean'; multiple?: boolean }
type OptionValues = Partial<Record<string, string | boolean | (string | boolean)[]>>

/** A field's flags: its own, and the one that unticks a checkbox or clears the links. */
function flagsOf(f: Field): [string, OptionSpec][] {
  if (f.edit === 'checkbox') {
    return [
      [f.cli.flag, { type: 'boolean' }],
      [f.cli.off, { type: 'boolean' }],
    ]
  }
  if (f.edit === 'links') {
    return [
      [f.cli.flag, { type: 'string', multiple: true }],
      [f.cli.clear, { type: 'boolean' }],
    ]
  }
  return [[f.cli.flag, { type: 'string' }]]
}

/** The options (node's parseArgs) of every field. */
export function fieldOptions(fields: Fields): Record<string, OptionSpec> {
  return Object.fromEntries(Object.values(fields).flatMap(flagsOf))
}

/** The flags making one takes: all but the required fields', which come first without a flag. */
export function addFlags(fields: Fields): string[] {
  const optional = Object.values(fields).filter((f) => !isRequired(f))
  return optional.flatMap((f) => flagsOf(f).map(([flag]) => flag))
}

/** "YouTube=https://youtube.com/@sam", or the address alone (its label is the address). */
function linkOf(flag: string, value: string): Link {
  const at = value.indexOf('=')
  const label = at > 0 ? value.slice(0, at).trim() : ''
  const url = (at > 0 ? value.slice(at + 1) : value).trim()
  if (!url.startsWith('https://')) {
    throw new CliError(
      `Bad --${flag} "${value}": write LABEL=https://..., e.g. YouTube=https://youtube.com/@sam.`,
    )
  }
  return { label: label || url.slice('https://'.length), url }
}

/** A field's value from its flags, or undefined when none was given. */
function givenValue(f: Field, values: OptionValues): string | boolean | Link[] | undefined {
  const given = values[f.cli.flag]
  if (f.edit === 'checkbox' || f.edit === 'links') {
    const other = f.edit === 'checkbox' ? f.cli.off : f.cli.clear
    if (given !== undefined && values[other]) {
      throw new CliError(`Give --${f.cli.flag} or --${other}, not both.`)
    }
    if (f.edit === 'checkbox') return given ? true : values[other] ? false : undefined
    if (values[other]) return []
    return Array.isArray(given) ? given.map((link) => linkOf(f.cli.flag, String(link))) : undefined
  }
  if (typeof given !== 'string') return undefined
  // A shell cannot easily type a new line: \n stands for one.
  return (f.edit === 'long-text' ? given.replace(/\\n/g, '\n') : given).trim()
}

/** The fields given by their flags, each as its action takes it. */
export function fieldInput<Fs extends Fields>(
  fields: Fs,
  values: OptionValues,
): Partial<FieldValues<Fs>> {
  const given = Object.entries(fields).flatMap(([key, f]) => {
    const value = givenValue(f, values)
    return value === undefined ? [] : [[key, value]]
  })
  // Each read as its kind by givenValue, key by key: what FieldValues says.
  return Object.fromEntries(given) as Partial<FieldValues<Fs>>
}

/** "[--slug SLUG]", "[--vrchat-public | --vrchat-private]", "[--link ...]... [--no-links]". */
export function fieldSynopsis(fields: Fields, verb: 'add' | 'edit'): string[] {
  return Object.values(fields)
    .filter((f) => verb === 'edit' || !isRequired(f))
    .flatMap((f) => {
      if (f.edit === 'checkbox') return [`[--${f.cli.flag} | --${f.cli.off}]`]
      const option = `[--${f.cli.flag} ${f.cli.arg ?? ''}]`
      return f.edit === 'links' ? [`${option}...`, `[--${f.cli.clear}]`] : [option]
    })
}

/** The help's lines for each field: its flags, then what it is. */
export function fieldHelp(fields: Fields): string[] {
  return Object.values(fields).flatMap((f) => {
    const flags =
      f.edit === 'checkbox'
        ? `--${f.cli.flag} | --${f.cli.off}`
        : `--${f.cli.flag} ${f.cli.arg ?? ''}`.trim()
    return helpLines(flags, f.cli.help)
  })
}

const helpColumn = 35
const width = 100

/** Words filled into lines of at most `width`, the first after `first`, the others after `indent`. */
export function wrapWords(words: string[], first: string, indent: string): string[] {
  const lines = [first]
  for (const word of words) {
    const line = lines.at(-1) ?? ''
    const fresh = line.trim() === '' || line === first
    if (!fresh && line.length + 1 + word.length > width) lines.push(`${indent}${word}`)
    else lines[lines.length - 1] = `${line}${fresh && line.endsWith(' ') ? '' : ' '}${word}`
  }
  return lines
}

/** "  --slug SLUG    what it is": the help in its column, below the left side when that is long. */
export function helpLines(left: string, help: string): string[] {
  const indent = ' '.repeat(helpColumn)
  const words = help.split(' ')
  if (left.length + 2 < helpColumn - 1) {
    return wrapWords(words, `  ${left}`.padEnd(helpColumn), indent)
  }
  return [`  ${left}`, ...wrapWords(words, indent, indent)]
}

/** A field's value as the command line prints it: "-" when empty. */
function printed(f: Field, value: unknown): string {
  if (f.edit === 'links') {
    const links = Array.isArray(value) ? value : []
    return links.map((link: Link) => `${link.label}=${link.url}`).join('  ') || '-'
  }
  return typeof value === 'string' && value ? value : '-'
}

/**
 * The entity's fields, one a line ("  VRChat     SamTheSlow (not public)"), but the required
 * ones and those typed as is (a heading names them), the checkboxes (said beside the field they
 * hold back) and the long texts (longTextLines).
 */
export function fieldLines<Fs extends Fields>(fields: Fs, values: FieldValues<Fs>): string[] {
  const all: Readonly<Record<string, unknown>> = values
  return Object.entries(fields).flatMap(([key, f]) => {
    if (isRequired(f) || f.edit === 'checkbox' || f.edit === 'long-text') return []
    if (f.edit === 'text' && f.verbatim) return []
    const value = printed(f, all[key])
    const held = typeof f.shown === 'object' && value !== '-' && !isShown(f, all)
    return [`  ${nameOf(f).padEnd(10)} ${value}${held ? ' (not public)' : ''}`]
  })
}

/** Each long text given, line by line: "  bio        Tells the truth," and on. */
export function longTextLines<Fs extends Fields>(fields: Fs, values: FieldValues<Fs>): string[] {
  const all: Readonly<Record<string, unknown>> = values
  return Object.entries(fields).flatMap(([key, f]) => {
    const text = f.edit === 'long-text' ? String(all[key] ?? '') : ''
    if (!text) return []
    return text.split('\n').map((line, i) => `  ${(i === 0 ? nameOf(f) : '').padEnd(10)} ${line}`)
  })
}

const nameOf = (f: Field) => f.cli.name ?? f.cli.flag
