/**
 * An entity's editable fields, each declared once (docs/decisions/038-one-declaration-per-entity.md):
 * how it is edited, its limits, who sees it, its label in the console and its option on the
 * command line. The operator's actions (their zod schemas, shared/entity-schemas.ts), the public
 * view, the console's form, the command line and the database's columns derive from the
 * declaration; shared/comic-fields.ts is the comic's. Plain data without zod, so the console's
 * pages that read it stay within their first-load budget.
 */

export interface Link {
  label: string
  url: string
}

/** Who sees a field: anyone; the host only; anyone while the host's checkbox `publicWhen` is ticked. */
export type Shown = 'public' | 'host' | { publicWhen: string }

/** A field's option on the command line: `--flag ARG`, its help, and how its value is printed. */
export interface CliOption {
  flag: string
  /** The value's placeholder in the help ("NAME"); a checkbox's flags take none. */
  arg?: string
  help: string
  /** Its name where the command line prints the entity ("VRChat"); the flag's when left out. */
  name?: string
}

interface Common {
  label: string
  /** A line under the console's control. */
  hint?: string
  shown: Shown
  cli: CliOption
  /** The entity edits it themselves too (a comic on their own page); the host's only otherwise. */
  selfEdit?: boolean
}

export interface TextSpec extends Common {
  max: number
  /** Given when the entity is made: the command line takes it first, not as an option. */
  required?: boolean
  /** Typed as is (an address, not words): no capitals, no spell check. */
  verbatim?: boolean
}

export interface CheckboxSpec extends Common {
  /** Ticked or not on a new entity. */
  initial: boolean
  /** `flag` ticks it, `off` unticks it. */
  cli: CliOption & { off: string }
}

export interface LinksSpec extends Common {
  max: number
  labelMax: number
  urlMax: number
  /** `flag` again for each link, replacing them all; `clear` removes them. */
  cli: CliOption & { clear: string }
}

/** The kinds of field, by how the console edits them. */
export const field = {
  text: <const S extends TextSpec>(spec: S) => ({ ...spec, edit: 'text' as const }),
  longText: <const S extends TextSpec>(spec: S) => ({ ...spec, edit: 'long-text' as const }),
  checkbox: <const S extends CheckboxSpec>(spec: S) => ({ ...spec, edit: 'checkbox' as const }),
  links: <const S extends LinksSpec>(spec: S) => ({ ...spec, edit: 'links' as const }),
  /** An address: null when left out; an edit clears it with '' or null. */
  email: <const S extends Common>(spec: S) => ({ ...spec, edit: 'email' as const }),
}

export type TextField = ReturnType<typeof field.text<TextSpec>>
export type LongTextField = ReturnType<typeof field.longText<TextSpec>>
export type CheckboxField = ReturnType<typeof field.checkbox<CheckboxSpec>>
export type LinksField = ReturnType<typeof field.links<LinksSpec>>
export type EmailField = ReturnType<typeof field.email<Common>>
export type Field = TextField | LongTextField | CheckboxField | LinksField | EmailField
export type Fields = Record<string, Field>

/** A field's value as the entity holds it: an address left out is null. */
export type FieldValue<F extends Field> = F['edit'] extends 'checkbox'
  ? boolean
  : F['edit'] extends 'links'
    ? Link[]
    : F['edit'] extends 'email'
      ? string | null
      : string
export type FieldValues<Fs extends Fields> = { [K in keyof Fs]: FieldValue<Fs[K]> }

type PublicKeys<Fs extends Fields> = {
  [K in keyof Fs]: Fs[K]['shown'] extends 'host' ? never : K
}[keyof Fs]
/** What anyone may see of the entity: its fields not the host's only. */
export type PublicValues<Fs extends Fields> = { [K in PublicKeys<Fs>]: FieldValue<Fs[K]> }

export const entries = <Fs extends Fields>(fields: Fs) =>
  Object.entries(fields) as [keyof Fs & string, Field][]

// Built from the declaration's own entries, key by key: the mapped types say the same.
export const mapFields = <Fs extends Fields, T>(fields: Fs, each: (f: Field, key: string) => T) =>
  Object.fromEntries(entries(fields).map(([key, f]) => [key, each(f, key)]))

export const isRequired = (f: Field) => 'required' in f && f.required === true

/** A field's value when nothing was given: no text, no links, no address, the box as it starts. */
export function emptyValue(f: Field): string | boolean | Link[] | null {
  if (f.edit === 'checkbox') return f.initial
  if (f.edit === 'links') return []
  if (f.edit === 'email') return null
  return ''
}

/** The values of a new entity. */
export function emptyValues<Fs extends Fields>(fields: Fs): FieldValues<Fs> {
  return mapFields(fields, emptyValue) as FieldValues<Fs>
}

const isEmpty = (f: Field, value: unknown) =>
  f.edit === 'email' ? !value : JSON.stringify(value) === JSON.stringify(emptyValue(f))

/** What an add sends: the required fields, and those given something other than empty. */
export function filledIn<Fs extends Fields>(
  fields: Fs,
  values: Partial<FieldValues<Fs>>,
): { [K in keyof Fs]?: NonNullable<FieldValue<Fs[K]>> } {
  const given: Partial<Record<string, unknown>> = values
  const filled = entries(fields).filter(
    ([key, f]) => given[key] !== undefined && (isRequired(f) || !isEmpty(f, given[key])),
  )
  // Only the keys whose values are there (an address left out is not): as the type says.
  return Object.fromEntries(filled.map(([key]) => [key, given[key]])) as {
    [K in keyof Fs]?: NonNullable<FieldValue<Fs[K]>>
  }
}

/** What an edit sends: the fields that differ from the entity as it was. */
export function changedFrom<Fs extends Fields>(
  fields: Fs,
  was: FieldValues<Fs>,
  now: FieldValues<Fs>,
): Partial<FieldValues<Fs>> {
  return Object.fromEntries(
    entries(fields)
      .filter(([key]) => JSON.stringify(now[key]) !== JSON.stringify(was[key]))
      .map(([key]) => [key, now[key]]),
  ) as Partial<FieldValues<Fs>>
}

/** Whether a field is on public pages, given the entity's values (a checkbox may hold it back). */
export function isShown(f: Field, values: Readonly<Record<string, unknown>>): boolean {
  if (f.shown === 'host') return false
  return f.shown === 'public' || values[f.shown.publicWhen] === true
}

/** The public view: the host's only fields left out, a field held back by its checkbox empty. */
export function publicValues<Fs extends Fields>(
  fields: Fs,
  values: FieldValues<Fs>,
): PublicValues<Fs> {
  return Object.fromEntries(
    entries(fields)
      .filter(([, f]) => f.shown !== 'host')
      .map(([key, f]) => [key, isShown(f, values) ? values[key] : emptyValue(f)]),
  ) as PublicValues<Fs>
}

/** The keys of the fields the entity edits themselves (`selfEdit`), in declaration order. */
export function selfEditKeys<Fs extends Fields>(fields: Fs): Array<keyof Fs & string> {
  return Object.keys(fields).filter((key) => fields[key]?.selfEdit === true)
}
