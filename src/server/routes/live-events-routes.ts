import type { Socket } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { clientWideNetwork } from '../../core/client-hash'
import { refuse } from '../../core/refusal'
import { giftsAfter, parseEventId } from '../../core/stage-stream/gifts'
import type { StageEvent } from '../../core/stage-stream/publish'
import { stageNow } from '../../core/stage-stream/state'
import { stageApi, stageKeyParam, stageTexts } from '../../shared/stage'
import type { ZodTypeProvider } from '../plugins/route-schemas'
import { apiSecurityHeaders } from '../plugins/security-headers'
import { formatEvent, type StageReader } from '../plugins/stage-bus'

/** How long a reader's EventSource waits before reconnecting after the stream ends. */
const retryMs = 2_000

/**
 * Never refused: an id that is not one is no id (the reader gets the show from its start), and
 * a key that is not the stage key is no key (the reader is one of the public).
 */
const EventsQuerySchema = z.object({
  lastEventId: z.string().optional().catch(undefined),
  [stageKeyParam]: z.string().max(200).optional().catch(undefined),
})

/**
 * GET /api/live/events: the show as Server-Sent Events (docs/stage.md). First the show's state,
 * who is on stage and the total; to a reader resuming with Last-Event-ID, the gifts of this show it missed (at most
 * the last 50) in between; then live events as they happen, and a comment line every 15 s.
 * Events that arrive while the replay is read are held and sent after it, none twice. A reader
 * with the stage key in `?key=` takes a seat of the stage's; any other a public one, counted by
 * its client and its wider network (the hub's pools, docs/stage.md).
 */
export async function liveEventsRoutes(app: FastifyInstance): Promise<void> {
  const { db, clock, hashClient } = app.deps
  // A stream's connection is never reused: on shutdown each is cut, or closing would wait for
  // readers (whose sockets may linger after they went away) to leave on their own.
  const sockets = new Set<Socket>()
  app.addHook('preClose', async () => {
    for (const socket of sockets) socket.destroy()
  })

  const api = app.withTypeProvider<ZodTypeProvider>()
  const schema = { querystring: EventsQuerySchema }
  // No HEAD: a stream's headers go out with its first event, which a HEAD answer never sends,
  // so a HEAD request would wait forever.
  api.get(
    stageApi.events,
    { compress: false, exposeHeadRoute: false, schema },
    async (request, reply) => {
      const raw = reply.raw
      // Live events are held (below) until the first events are written, so none come before them.
      let started = false
      const reader: StageReader = {
        client: app.clientOf(request),
        network: hashClient(clientWideNetwork(request.ip)),
        stageKey: await app.stage.stageKey(request.query[stageKeyParam]),
        write(text) {
          if (!started) return 0
          if (!raw.destroyed) raw.write(text)
          return raw.writableLength
        },
        end: () => raw.end(),
        cut: () => raw.destroy(),
      }
      const added = app.stage.add(reader)
      if (added !== 'ok') {
        const message = added === 'client' ? stageTexts.tooManyStreams : stageTexts.full
        throw refuse.limited(message, 30)
      }
      const held: StageEvent[] = []
      const stopHolding = app.stage.onEvents((events) => held.push(...events))

      reply.hijack()
      const socket = request.raw.socket
      sockets.add(socket)
      socket.once('close', () => sockets.delete(socket))
      raw.writeHead(200, {
        ...apiSecurityHeaders,
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
      })
      const leave = () => {
        stopHolding()
        app.stage.remove(reader)
        sockets.delete(socket)
      }
      raw.on('close', leave)
      // Gone while its key was read: its close came before the line above.
      if (socket.destroyed) leave()
      try {
        const now = clock.now()
        const { feed, state, onstage, total, supporters } = await stageNow(db, now)
        // The id the reader last saw: EventSource's header on reconnect, or `?lastEventId=` at first.
        const lastId = parseEventId(request.headers['last-event-id'] ?? request.query.lastEventId)
        const missed =
          lastId && feed.showId ? await giftsAfter(db, hashClient, feed.showId, lastId) : []
        const sent = new Set(missed.map((entry) => entry.id))
        reader.replayed = sent
        const first = [
          state,
          onstage,
          ...missed.map((entry): StageEvent => ({ id: entry.id, event: 'gift', data: entry.gift })),
          total,
          supporters,
        ]
        stopHolding()
        if (raw.destroyed) return
        // A gift already replayed (its NOTIFY may come after the replay's read) is not sent twice,
        // neither here nor later (reader.replayed).
        const later = held.filter(
          (event) => (event.event !== 'gift' && event.event !== 'total') || !sent.has(event.id),
        )
        raw.write(`retry: ${retryMs}\n\n${[...first, ...later].map(formatEvent).join('')}`)
        started = true
      } catch (error) {
        stopHolding()
        request.log.error({ err: error }, 'stage: a stream could not start')
        raw.end()
      }
    },
  )
}
