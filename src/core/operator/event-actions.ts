import { sql } from 'kysely'
import { limits } from '../../shared/limits'
import type { EventView } from '../../shared/operator-views'
import { formatCentralTime } from '../../shared/show-time'
import { type EventRow, escapeLike, toCount } from '../db/schema'
import {
  addEvent,
  eventsNotEnded,
  findEvent,
  removeEvent,
  seedRegularShows,
  updateEvent,
} from '../schedule/events'
import { recordAudit } from './audit'
import { type Handlers, OperatorRefusal } from './operator-types'

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

function unknownEvent(id: string): OperatorRefusal {
  return new OperatorRefusal(`No event with id "${id}" (see: npm run admin -- events list).`, {
    notFound: true,
  })
}

function checkName(value: string): string {
  const name = value.trim()
  if (!name) throw new OperatorRefusal('The name must not be empty.')
  return name
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
    return {
      items: rows.map((row) => toEventView(row, now)),
      total: toCount(count?.n),
      page: input.page,
      pageSize: input.pageSize,
    }
  },

  async 'events.add'(deps, actor, input) {
    const now = deps.clock.now()
    const row = await addEvent(
      deps.db,
      {
        name: checkName(input.name),
        description: input.description.trim(),
        startsAt: new Date(input.startsAt),
      },
      now,
    )
    const event = toEventView(row, now)
    await recordAudit(
      deps.db,
      actor,
      {
        action: 'events.add',
        target: { type: 'event', id: row.id },
        summary: `Added ${describeEvent(event)}`,
      },
      now,
    )
    return { event }
  },

  async 'events.edit'(deps, actor, input) {
    const now = deps.clock.now()
    const before = await findEvent(deps.db, input.id)
    if (!before) throw unknownEvent(input.id)
    const changes = {
      ...(input.name === undefined ? {} : { name: checkName(input.name) }),
      ...(input.description === undefined ? {} : { description: input.description.trim() }),
      ...(input.startsAt === undefined ? {} : { startsAt: new Date(input.startsAt) }),
    }
    if (Object.keys(changes).length === 0) {
      throw new OperatorRefusal('Nothing to change: give a name, a start or a description.')
    }
    const row = await updateEvent(deps.db, input.id, changes, now)
    if (!row) throw unknownEvent(input.id)
    const event = toEventView(row, now)
    const was = toEventView(before, now)
    const what = [
      changes.name === undefined ? '' : `name "${was.name}" to "${event.name}"`,
      changes.startsAt === undefined
        ? ''
        : `start ${formatCentralTime(before.starts_at)} to ${formatCentralTime(row.starts_at)}`,
      changes.description === undefined ? '' : 'description',
    ]
      .filter(Boolean)
      .join(', ')
    await recordAudit(
      deps.db,
      actor,
      {
        action: 'events.edit',
        target: { type: 'event', id: row.id },
        summary: `Changed ${row.id} (${what})`,
      },
      now,
    )
    return { event }
  },

  async 'events.remove'(deps, actor, input) {
    const now = deps.clock.now()
    const row = await removeEvent(deps.db, input.id, now)
    if (!row) throw unknownEvent(input.id)
    const event = toEventView(row, now)
    await recordAudit(
      deps.db,
      actor,
      {
        action: 'events.remove',
        target: { type: 'event', id: row.id },
        summary: `Removed ${describeEvent(event)}`,
      },
      now,
    )
    return { event }
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
    return {
      event: toEventView(row, deps.clock.now()),
      orders: toCount(counts?.orders),
      codes,
      redeemed,
      unused: codes - redeemed - toCount(counts?.voided),
    }
  },
}
