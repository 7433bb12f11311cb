import type { FastifyInstance } from 'fastify'
import { liveFeedHeaders } from '../plugins/live-feed-cache'

/**
 * GET /api/live: the show that is on or next, its boost total and the last gifts. Polled by
 * every display in the room: a cached string, no compression (it is under 2 KB). While the copy
 * is fresh, plugins/live-feed-cache.ts answers before Fastify with the same headers.
 */
export async function liveRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/live', { compress: false }, async (_request, reply) =>
    reply.headers(liveFeedHeaders).send(await app.liveFeed.json()),
  )
}
