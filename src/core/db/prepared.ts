import { sql } from 'kysely'

/**
 * The comment a hot statement starts with: the database adapters have the statement parsed and
 * planned once per connection and reuse that plan at every call, instead of planning it anew
 * (docs/decisions/029-hot-statements-planned-once.md). Only for statements whose text is the
 * same at every call, whatever their values: the adapters name a statement by its text.
 */
export const preparedMarker = '/* prepared */'

/** Put first in a hot statement: sql`${prepared} with ...`. */
export const prepared = sql.raw(`${preparedMarker} `)
