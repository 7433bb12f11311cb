/**
 * Checks by hand of what a page's first script reads (its own JSON, the browser's storage), where
 * zod would add 6 KB to a first load; the API's answers are read by their shared schemas
 * (docs/decisions/039-route-contracts.md). Each check says whether a value has the fields, of
 * these types.
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
