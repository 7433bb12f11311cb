import type { ColumnType } from 'kysely'
import type { Field, Fields, FieldValue, FieldValues, Link } from '../../shared/entity-fields'

/**
 * An entity's declared fields as its table's columns (docs/decisions/038-one-declaration-per-entity.md):
 * each field a column named as its key in snake_case (vrchatName → vrchat_name), so the table's
 * type and the mapping of a row to its values follow the declaration.
 */

type SnakeCase<S extends string> = S extends `${infer C}${infer Rest}`
  ? `${C extends Lowercase<C> ? C : `_${Lowercase<C>}`}${SnakeCase<Rest>}`
  : S

/**
 * A field's column: text (links as JSON text), a boolean for a checkbox, an address or null. All
 * but a required field have a default, so an insert may leave them out.
 */
type ColumnOf<F extends Field> = F['edit'] extends 'checkbox'
  ? ColumnType<boolean, boolean | undefined, boolean>
  : F['edit'] extends 'email'
    ? ColumnType<string | null, string | null | undefined, string | null>
    : F extends { required: true }
      ? string
      : ColumnType<string, string | undefined, string>

export type FieldColumns<Fs extends Fields> = {
  [K in keyof Fs & string as SnakeCase<K>]: ColumnOf<Fs[K]>
}

/** The values written to the columns: what an insert or an update sets. */
export type ColumnValues<Fs extends Fields> = {
  [K in keyof Fs & string as SnakeCase<K>]?: FieldValue<Fs[K]> extends Link[]
    ? string
    : FieldValue<Fs[K]>
}

export const columnOf = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)

/** Links as stored: JSON text of Link[]; anything else reads as none. */
export function readLinks(json: string): Link[] {
  try {
    const parsed: unknown = JSON.parse(json)
    return Array.isArray(parsed) ? parsed.filter(isLink) : []
  } catch {
    return []
  }
}

function isLink(value: unknown): value is Link {
  if (typeof value !== 'object' || value === null) return false
  const { label, url } = value as Partial<Record<keyof Link, unknown>>
  return typeof label === 'string' && typeof url === 'string'
}

/** A row's field values, each read as its kind. */
export function readFields<Fs extends Fields>(fields: Fs, row: object): FieldValues<Fs> {
  const columns: Partial<Record<string, unknown>> = row
  const values = Object.entries(fields).map(([key, f]): [string, unknown] => {
    const stored = columns[columnOf(key)]
    if (f.edit === 'checkbox') return [key, stored === true]
    if (f.edit === 'links') return [key, typeof stored === 'string' ? readLinks(stored) : []]
    if (f.edit === 'email') return [key, typeof stored === 'string' ? stored : null]
    return [key, typeof stored === 'string' ? stored : '']
  })
  // Each read as its kind above, key by key: what FieldValues says.
  return Object.fromEntries(values) as FieldValues<Fs>
}

/**
 * The columns of the values given (those left undefined are left out), each as its kind keeps
 * it: text trimmed, an address lower-cased (null when none), links as `writeLinks` checks them.
 */
export function writeFields<Fs extends Fields>(
  fields: Fs,
  values: Partial<FieldValues<Fs>>,
  writeLinks: (links: Link[]) => string,
): ColumnValues<Fs> {
  const given: Partial<Record<string, unknown>> = values
  const columns = Object.entries(fields).flatMap(([key, f]): [string, unknown][] => {
    const value = given[key]
    if (value === undefined) return []
    const column = columnOf(key)
    if (f.edit === 'checkbox') return [[column, value === true]]
    if (f.edit === 'links') return [[column, writeLinks(Array.isArray(value) ? value : [])]]
    const text = typeof value === 'string' ? value.trim() : ''
    return [[column, f.edit === 'email' ? text.toLowerCase() || null : text]]
  })
  return Object.fromEntries(columns) as ColumnValues<Fs>
}
