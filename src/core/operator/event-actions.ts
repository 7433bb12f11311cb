import { sql } from 'kysely'
import { limits } from '../../shared/limits'
import type { EventChange, EventView } from '../../shared/operator-views'
import { formatCentralTime } from '../../shared/show-time'
import { type Db, type EventRow, escapeLike, toCount } from '../db/schema'
import { Refusal, refuse } from '../refusal'
import {
  addEvent,
  eventsNotEnded,
  findEvent,
  markEventsChanged,
  removeEvent,
  seedRegularShows,
  updateEvent,
} from '../schedule/events'
import type { CancelOutcome } from '../schedule/show-change-mail'
import {
  codesUntil,
  moveOrdersTo,
  queueCancelledMails,
  queueMovedMails,
  showBuyers,
} from '../schedule/show-changes'
import { type Actor, recordAudit } from './audit'
import { operatorTexts } from './operator-texts'
import type { Handlers, OperatorDeps } from './operator-types'
import { runOrderRefund } from './order-actions'
import { showListFacts } from './show-list-facts'

export function toEventView(row: EventRow, now: Date): EventView {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    startsAt: row.starts_at.toISOString(),
    source: row.source,
    over: row.starts_at.getTime() + limits.showRolloverMs <= now.getTime(),
  }
}

/** "evt-k3m9x2qa: Open Mic Night, Tue 2026-12-01 20:00 CT": an event in the operator's words. */
export function describeEvent(event: Pick<EventView, 'id' | 'name' | 'startsAt'>): string {
  return `${event.id}: ${event.name}, ${formatCentralTime(new Date(event.startsAt))}`
}

function unknownEvent(id: string): Refusal {
  return refuse.notFound(operatorTexts.noEvent(id))
}

function checkName(value: string): string {
  const name = value.trim()
  if (!name) throw refuse.invalid(operatorTexts.emptyName)
  return name
}

/**
 * A change to an event and its audit entry, in one transaction: both are written, or neither.
 * The schedule caches hear of it once it is committed.
 */
async function audited(
  deps: OperatorDeps,
  actor: Actor,
  action: 'events.add' | 'events.edit' | 'events.remove',
  change: (
    db: Db,
    now: Date,
  ) => Promise<{ row: EventRow; summary: string; more?: Omit<EventChange, 'event'> }>,
): Promise<EventChange> {
  const now = deps.clock.now()
  const { row, more } = await deps.db.transaction().execute(async (trx) => {
    const { row, summary, more } = await change(trx, now)
    await recordAudit(trx, actor, { action, target: { type: 'event', id: row.id }, summary }, now)
    return { row, more }
  })
  markEventsChanged()
  if (more?.mailed) deps.kickMail?.()
  return { event: toEventView(row, now), ...more }
}

/** The show a cancelled show's codes move to: the one named, else the next on the schedule. */
async function nextShow(
  db: Db,
  from: EventRow,
  named: string | undefined,
  now: Date,
): Promise<EventRow> {
  const later = db
    .selectFrom('events')
    .selectAll()
    .where('removed_at', 'is', null)
    .where('id', '!=', from.id)
    .where('starts_at', '>', from.starts_at)
    .where('starts_at', '>', now)
  if (named) {
    const next = await later.where('id', '=', named).executeTakeFirst()
    if (!next) throw refuse.invalid(operatorTexts.nextNotLater(named))
    return next
  }
  const next = await later.orderBy('starts_at').orderBy('id').limit(1).executeTakeFirst()
  if (!next) throw refuse.invalid(operatorTexts.noNextShow)
  return next
}

/**
 * A cancelled show's paid orders refunded in full, each as `orders refund --force` would (the
 * show will not happen: neither the window nor used codes stop it). One the provider refuses
 * stays paid and is named, for the host to refund from its order page.
 */
async function refundShowOrders(deps: OperatorDeps, actor: Actor, showId: string) {
  const orders = await deps.db
    .selectFrom('orders')
    .select('id')
    .where('show_id', '=', showId)
    .where('status', 'in', ['paid', 'fulfilled', 'flagged'])
    .orderBy('created_at')
    .execute()
  let refunded = 0
  const refundFailed: { orderId: string; reason: string }[] = []
  for (const order of orders) {
    try {
      await runOrderRefund(deps, actor, order.id)
      refunded++
    } catch (error) {
      refundFailed.push({
        orderId: order.id,
        reason: error instanceof Error ? error.message : String(error),
      })
    }
  }
  return { refunded, refundFailed }
}

export const eventActions: Handlers<
  'events.list' | 'events.add' | 'events.edit' | 'events.remove' | 'events.impact'
> = {
  async 'events.list'(deps, _actor, input) {
    // The same regular shows the server would create, so the list matches what fans see.
    await seedRegularShows(deps.db, deps.clock)
    const now = deps.clock.now()
    let query = input.all
      ? deps.db.selectFrom('events').where('removed_at', 'is', null)
      : eventsNotEnded(deps.db, now)
    const search = input.search?.trim().toLowerCase()
    if (search) query = query.where(sql<string>`lower(name)`, 'like', `%${escapeLike(search)}%`)
    const [rows, count] = await Promise.all([
      query
        .selectAll()
        .orderBy('starts_at')
        .orderBy('id')
        .limit(input.pageSize)
        .offset((input.page - 1) * input.pageSize)
        .execute(),
      query
        .clearOrderBy()
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst(),
    ])
    const facts = await showListFacts(
      deps.db,
      rows.map((row) => row.id),
    )
    return {
      items: rows.map((row) => ({
        ...toEventView(row, now),
        ...(facts.get(row.id) ?? { codesSold: 0, lineup: [], openMic: false }),
      })),
      total: toCount(count?.n),
      page: input.page,
      pageSize: input.pageSize,
    }
  },

  async 'events.add'(deps, actor, input) {
    return audited(deps, actor, 'events.add', async (db, now) => {
      const event = { name: checkName(input.name), description: input.description.trim() }
      const row = await addEvent(db, { ...event, startsAt: new Date(input.startsAt) }, now)
      return { row, summary: `Added ${describeEvent(toEventView(row, now))}` }
    })
  },

  async 'events.edit'(deps, actor, input) {
    const changes = {
      ...(input.name === undefined ? {} : { name: checkName(input.name) }),
      ...(input.description === undefined ? {} : { description: input.description.trim() }),
      ...(input.startsAt === undefined ? {} : { startsAt: new Date(input.startsAt) }),
    }
    if (Object.keys(changes).length === 0) {
      throw refuse.invalid(operatorTexts.nothingToChange)
    }
    return audited(deps, actor, 'events.edit', async (db, now) => {
      const before = await findEvent(db, input.id)
      const row = before && (await updateEvent(db, input.id, changes, now))
      if (!before || !row) throw unknownEvent(input.id)
      const what = [
        changes.name === undefined ? '' : `name "${before.name}" to "${row.name}"`,
        changes.startsAt === undefined
          ? ''
          : `start ${formatCentralTime(before.starts_at)} to ${formatCentralTime(row.starts_at)}`,
        changes.description === undefined ? '' : 'description',
      ]
        .filter(Boolean)
        .join(', ')
      // A real move mails every buyer, with the change (docs/console.md, "When plans change").
      const moved = row.starts_at.getTime() !== before.starts_at.getTime()
      const mailed = moved ? await queueMovedMails(db, row, before.starts_at, now) : 0
      const told = mailed > 0 ? `; ${mailed} buyer${mailed === 1 ? '' : 's'} mailed` : ''
      return { row, summary: `Changed ${row.id} (${what})${told}`, more: { mailed } }
    })
  },

  async 'events.remove'(deps, actor, input) {
    if (input.codes === 'refund' && !deps.payments) {
      throw refuse.invalid(operatorTexts.refundsNeedProvider)
    }
    const change = await audited(deps, actor, 'events.remove', async (db, now) => {
      const show = await findEvent(db, input.id)
      if (!show) throw unknownEvent(input.id)
      const buyers = await showBuyers(db, show.id)
      const unused = buyers.reduce((n, buyer) => n + buyer.unused.length, 0)
      if (unused > 0 && !input.codes) {
        throw refuse.invalid(operatorTexts.chooseForCodes(buyers.length, unused))
      }
      const next = input.codes === 'next' ? await nextShow(db, show, input.next, now) : undefined
      const row = await removeEvent(db, input.id, now)
      if (!row) throw unknownEvent(input.id)
      if (next) await moveOrdersTo(db, row, next)
      const outcome: CancelOutcome = next
        ? {
            kind: 'next',
            next: { name: next.name, startsAt: next.starts_at },
            until: codesUntil(next.starts_at),
          }
        : input.codes === 'refund'
          ? { kind: 'refund' }
          : { kind: 'none' }
      const mailed = await queueCancelledMails(db, row, buyers, outcome, now)
      const what = [
        mailed > 0 ? `${mailed} buyer${mailed === 1 ? '' : 's'} mailed` : '',
        next ? `codes moved to ${describeEvent(toEventView(next, now))}` : '',
        input.codes === 'refund' && buyers.length > 0 ? 'orders to refund' : '',
      ]
        .filter(Boolean)
        .join(', ')
      return {
        row,
        summary: `Removed ${describeEvent(toEventView(row, now))}${what ? ` (${what})` : ''}`,
        more: { mailed, ...(next ? { movedTo: toEventView(next, now) } : {}) },
      }
    })
    if (input.codes !== 'refund' || !deps.payments) return change
    return { ...change, ...(await refundShowOrders(deps, actor, input.id)) }
  },

  async 'events.impact'(deps, _actor, input) {
    const row = await findEvent(deps.db, input.id)
    if (!row) throw unknownEvent(input.id)
    const counts = await deps.db
      .selectFrom('orders as o')
      .leftJoin('codes as c', 'c.order_id', 'o.id')
      .select((eb) => [
        eb.fn.count<number>('o.id').distinct().as('orders'),
        eb.fn.count<number>('c.code').as('codes'),
        eb.fn.count<number>('c.redeemed_at').as('redeemed'),
        eb.fn.count<number>('c.voided_at').as('voided'),
      ])
      .where('o.show_id', '=', row.id)
      .executeTakeFirst()
    const codes = toCount(counts?.codes)
    const redeemed = toCount(counts?.redeemed)
    const now = deps.clock.now()
    const next = await nextShow(deps.db, row, undefined, now).catch((error: unknown) => {
      if (error instanceof Refusal) return undefined
      throw error
    })
    return {
      event: toEventView(row, now),
      orders: toCount(counts?.orders),
      codes,
      redeemed,
      unused: codes - redeemed - toCount(counts?.voided),
      buyers: (await showBuyers(deps.db, row.id)).length,
      next: next ? toEventView(next, now) : null,
    }
  },
}
