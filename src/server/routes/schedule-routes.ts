import type { FastifyInstance, FastifyRequest } from 'fastify'
import { readBill } from '../../core/comics/bills'
import { refuse } from '../../core/refusal'
import { findEvent } from '../../core/schedule/events'
import { eventCalendar, eventFileName } from '../../core/schedule/schedule-feed'
import { httpTexts } from '../http-texts'
import { type ResponseEncoding, scheduleCacheMs } from '../plugins/schedule-cache'

const calendarType = 'text/calendar; charset=utf-8'

/** br before gzip; an encoding the client lists with q=0 is refused. */
export function preferredEncoding(header: string | undefined): ResponseEncoding | undefined {
  if (!header) return undefined
  const accepted = new Set<string>()
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';')
    const refused = params.some((param) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(param))
    if (!refused) accepted.add(name.trim())
  }
  if (accepted.has('br')) return 'br'
  if (accepted.has('gzip')) return 'gzip'
  return undefined
}

/** True when the client already holds this version (If-None-Match): answer 304. */
export function matchesEtag(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match']
  if (!header) return false
  return header.split(',').some((tag) => {
    const trimmed = tag.trim()
    return trimmed === '*' || trimmed === etag || `W/${trimmed}` === etag
  })
}

/** GET /schedule (JSON), /schedule.ics (the subscribable feed), /schedule/:id.ics (one event). */
export async function scheduleRoutes(app: FastifyInstance): Promise<void> {
  const cache = app.schedule
  const { db, clock, config } = app.deps
  const maxAge = Math.floor(scheduleCacheMs / 1000)

  // The hottest route of the site: one serialized, pre-compressed body, no per-request work.
  app.get('/schedule', { compress: false }, async (request, reply) => {
    const snapshot = await cache.get()
    reply
      .header('cache-control', `public, max-age=${maxAge}`)
      .header('etag', snapshot.etag)
      .header('vary', 'accept-encoding')
    if (matchesEtag(request, snapshot.etag)) return reply.code(304).send()
    reply.type('application/json; charset=utf-8')
    const encoding = preferredEncoding(request.headers['accept-encoding'])
    if (!encoding) return reply.send(snapshot.json)
    return reply.header('content-encoding', encoding).send(snapshot.encoded(encoding))
  })

  app.get('/schedule.ics', async (_request, reply) => {
    const snapshot = await cache.get()
    return reply
      .type(calendarType)
      .header('cache-control', 'public, max-age=300')
      .header('content-disposition', 'inline; filename="punchline-vr-shows.ics"')
      .send(snapshot.ics())
  })

  app.get<{ Params: { id: string } }>('/schedule/:id.ics', async (request, reply) => {
    const { id } = request.params
    const event = await findEvent(db, id)
    if (!event) throw refuse.notFound(httpTexts.noSuchEvent)
    return reply
      .type(calendarType)
      .header('cache-control', 'public, max-age=60')
      .header('content-disposition', `attachment; filename="${eventFileName(event)}"`)
      .send(
        eventCalendar(
          event,
          { publicUrl: config.publicUrl, now: clock.now() },
          await readBill(db, event.id),
        ),
      )
  })
}
