/**
 * Checks of JSON shapes for the landing page, which must stay small: zod is kept to the pages
 * that post forms (decision 004). Each check says whether a value has the fields, of these types.
 */
export type FieldType = 'string' | 'number' | 'boolean'

export function hasFields<K extends string>(
  value: unknown,
  fields: Record<K, FieldType>,
): value is Record<K, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  const record = value as Record<string, unknown>
  return (Object.entries(fields) as [K, FieldType][]).every(
    ([key, type]) => typeof record[key] === type,
  )
}

/** A parse failure at a boundary: what was expected, in a sentence. */
export class ShapeError extends Error {}
