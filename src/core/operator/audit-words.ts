import { readCentralTime } from '../../shared/central-time'
import { orderReference } from '../../shared/order-reference'
import { readableTime, timeChange } from '../../shared/readable-time'
import type { Db } from '../db/schema'

/**
 * The audit log in the host's words (docs/console.md, "Names, not ids"): the stored line stays as
 * it was written (the command line's ids and times), and the console's view of it names shows
 * and comics, gives an order its short reference, and writes times the console's one way. A
 * show's move reads "Moved Saturday Late Show from 7:30 PM to 5:00 PM".
 */

/**
 * A show's, a comic's or a membership's id: "evt-k3m9x2qa", "regular-20261122T2200Z",
 * "cmc-k3m9x2qa", "mem_" and 20 symbols (named by the member's address).
 */
const namedId = /\b(?:evt|cmc)-[a-z0-9]{8}\b|\bregular-\d{8}T\d{4}Z|\bmem_[0-9A-Za-z]{20}\b/g
const orderId = /\bord_[0-9A-Za-z]{20}\b/g
/** A time as the command line writes it: "Sat 2026-11-28 19:30 CT". */
const stamp = /\b(?:Sun|Mon|Tue|Wed|Thu|Fri|Sat) (\d{4}-\d{2}-\d{2} \d{2}:\d{2}) CT\b/g
const stampOnce = /^(?:Sun|Mon|Tue|Wed|Thu|Fri|Sat) (\d{4}-\d{2}-\d{2} \d{2}:\d{2}) CT$/

/** The ids of shows and comics a line mentions, to look their names up. */
export function idsIn(text: string): string[] {
  return text.match(namedId) ?? []
}

function instantOf(text: string): Date | undefined {
  const inner = stampOnce.exec(text)?.[1]
  const reading = inner ? readCentralTime(inner) : undefined
  return reading?.ok ? reading.instant : undefined
}

/** One stored line in the host's words; `names` maps the ids it mentions to names. */
export function auditWords(summary: string, names: ReadonlyMap<string, string>): string {
  const name = (id: string) => names.get(id) ?? id
  // "Changed evt-x (start <a> to <b>)": a move, said as one.
  const move = /^Changed (\S+) \(start (.+? CT) to (.+? CT)\)(.*)$/.exec(summary)
  const from = move?.[2] && instantOf(move[2])
  const to = move?.[3] && instantOf(move[3])
  if (move && from && to) {
    return `Moved ${name(move[1] ?? '')} from ${timeChange(from, to)}${move[4] ?? ''}`
  }
  return (
    summary
      // "evt-x: Late Show, <time>": the name follows, the id goes.
      .replace(new RegExp(`(${namedId.source}): `, 'g'), '')
      .replace(namedId, name)
      .replace(orderId, orderReference)
      .replace(stamp, (whole) => {
        const instant = instantOf(whole)
        return instant ? readableTime(instant) : whole
      })
  )
}

/** The names of the shows, comics and memberships (their address) among `ids` that still exist. */
export async function namesOf(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)]
  const names = new Map<string, string>()
  if (unique.length === 0) return names
  const [shows, comics, members] = await Promise.all([
    db.selectFrom('events').select(['id', 'name']).where('id', 'in', unique).execute(),
    db.selectFrom('comics').select(['id', 'name']).where('id', 'in', unique).execute(),
    db.selectFrom('memberships').select(['id', 'email']).where('id', 'in', unique).execute(),
  ])
  for (const row of [...shows, ...comics]) names.set(row.id, row.name)
  for (const row of members) names.set(row.id, row.email)
  return names
}
