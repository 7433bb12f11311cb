import { sql } from 'kysely'
import { emailMaxLength } from '../../shared/email'
import type { AuditEntryView, Page } from '../../shared/operator-views'
import { orderName } from '../../shared/order-reference'
import { type AuditEntry, type Db, escapeLike, toCount } from '../db/schema'
import { auditWords, idsIn, namesOf } from './audit-words'

/** Who did an operator action, and through what: the console's address, or the machine's user. */
export interface Actor {
  who: string
  /** 'comic': a comic on their own page, signed in with the address in `who`. */
  via: 'console' | 'cli' | 'comic'
}

export interface AuditRecord {
  /** "events.add", "orders.refund", "console.sign-in"... */
  action: string
  target?: { type: string; id: string } | undefined
  /** What was done, in a line an operator reads. */
  summary: string
}

/** Writes one line of the audit log. */
export async function recordAudit(
  db: Db,
  actor: Actor,
  record: AuditRecord,
  now: Date,
): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      at: now,
      actor: actor.who.slice(0, emailMaxLength),
      via: actor.via,
      action: record.action,
      target_type: record.target?.type ?? null,
      target_id: record.target?.id ?? null,
      summary: record.summary.slice(0, 1000),
    })
    .execute()
}

/** A stored line as the console shows it: `names` (namesOf) puts names for the ids it mentions. */
export function toAuditView(
  entry: AuditEntry,
  names: ReadonlyMap<string, string> = new Map(),
): AuditEntryView {
  const target = entry.target_id
  return {
    id: entry.id,
    at: entry.at.toISOString(),
    actor: entry.actor,
    via: entry.via,
    action: entry.action,
    targetType: entry.target_type,
    targetId: entry.target_id,
    targetName:
      target === null
        ? null
        : entry.target_type === 'order'
          ? orderName(target)
          : (names.get(target) ?? null),
    summary: auditWords(entry.summary, names),
  }
}

/**
 * The audit log, newest first, a page at a time; `search` matches the actor, the action, the
 * target's id or the summary, in any capitals.
 */
export async function listAudit(
  db: Db,
  filter: { search?: string | undefined; page: number; pageSize: number },
): Promise<Page<AuditEntryView>> {
  let query = db.selectFrom('audit_log')
  const search = filter.search?.trim().toLowerCase()
  if (search) {
    const like = `%${escapeLike(search)}%`
    query = query.where((eb) =>
      eb.or([
        eb(sql<string>`lower(actor)`, 'like', like),
        eb(sql<string>`lower(action)`, 'like', like),
        eb(sql<string>`lower(coalesce(target_id, ''))`, 'like', like),
        eb(sql<string>`lower(summary)`, 'like', like),
      ]),
    )
  }
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
  ])
  const names = await namesOf(
    db,
    rows.flatMap((row) => [...idsIn(row.summary), ...(row.target_id ? [row.target_id] : [])]),
  )
  return {
    items: rows.map((row) => toAuditView(row, names)),
    total: toCount(count?.n),
    page: filter.page,
    pageSize: filter.pageSize,
  }
}
