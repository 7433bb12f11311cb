// zod/mini, as every schema in src/shared; read by the operator's actions, not by any page.
import * as z from 'zod/mini'
import { isSimpleEmail } from './email'
import {
  type Field,
  type Fields,
  isRequired,
  type LinksField,
  mapFields,
  selfEditKeys,
} from './entity-fields'
import { hasControlCharacters, stripHiddenFormatting } from './text'

/**
 * What an operator action takes for an entity's declared fields (shared/entity-fields.ts): each
 * field's zod schema, from its kind and its limits.
 */

/** Text kept without control characters (line breaks aside), C1 controls and direction overrides. */
const keptText = (max: number) =>
  z.pipe(
    z.string().check(
      z.maxLength(max),
      z.refine((value) => !hasControlCharacters(value, true), 'must not hold control characters'),
    ),
    z.transform(stripHiddenFormatting),
  )
const someText = (max: number) => z.pipe(keptText(max), z.string().check(z.trim(), z.minLength(1)))
const address = z.string().check(z.trim(), z.refine(isSimpleEmail, 'must be a whole address'))
const clearableAddress = z.union([address, z.literal(''), z.null()])
const links = (f: LinksField) =>
  z
    .array(z.object({ label: someText(f.labelMax), url: someText(f.urlMax) }))
    .check(z.maxLength(f.max))

type SchemaOf<F extends Field> = F['edit'] extends 'checkbox'
  ? z.ZodMiniBoolean
  : F['edit'] extends 'links'
    ? ReturnType<typeof links>
    : F['edit'] extends 'email'
      ? typeof address
      : ReturnType<typeof keptText>
/** What an edit takes: the same, but an address may be cleared with '' or null. */
type ChangeOf<F extends Field> = F['edit'] extends 'email' ? typeof clearableAddress : SchemaOf<F>

function schemaOf(f: Field) {
  if (f.edit === 'checkbox') return z.boolean()
  if (f.edit === 'links') return links(f)
  if (f.edit === 'email') return address
  return keptText(f.max)
}

type RequiredKeys<Fs extends Fields> = {
  [K in keyof Fs]: Fs[K] extends { required: true } ? K : never
}[keyof Fs]
/** What making one takes: the required fields, the others as wanted. */
export type AddShape<Fs extends Fields> = { [K in RequiredKeys<Fs>]: SchemaOf<Fs[K]> } & {
  [K in Exclude<keyof Fs, RequiredKeys<Fs>>]: z.ZodMiniOptional<SchemaOf<Fs[K]>>
}
/** What an edit takes: any field. */
export type EditShape<Fs extends Fields> = { [K in keyof Fs]: z.ZodMiniOptional<ChangeOf<Fs[K]>> }

export function addShape<Fs extends Fields>(fields: Fs): AddShape<Fs> {
  const shape = mapFields(fields, (f) => (isRequired(f) ? schemaOf(f) : z.optional(schemaOf(f))))
  // Each key's schema as SchemaOf says for its kind.
  return shape as AddShape<Fs>
}

export function editShape<Fs extends Fields>(fields: Fs): EditShape<Fs> {
  const shape = mapFields(fields, (f) =>
    z.optional(f.edit === 'email' ? clearableAddress : schemaOf(f)),
  )
  // Each key's schema as ChangeOf says for its kind.
  return shape as EditShape<Fs>
}

/** What the entity's own edit takes: only the fields it edits itself (`selfEdit`), each optional. */
type SelfEditKeys<Fs extends Fields> = {
  [K in keyof Fs]: Fs[K] extends { selfEdit: true } ? K : never
}[keyof Fs]
export function selfEditShape<Fs extends Fields>(
  fields: Fs,
): Pick<EditShape<Fs>, SelfEditKeys<Fs>> {
  const shape = editShape(fields)
  // The keys selfEditKeys finds are the ones SelfEditKeys names.
  return Object.fromEntries(selfEditKeys(fields).map((key) => [key, shape[key]])) as Pick<
    EditShape<Fs>,
    SelfEditKeys<Fs>
  >
}
