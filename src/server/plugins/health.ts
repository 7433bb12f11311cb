import type { FastifyInstance } from 'fastify'
import { within } from '../../core/deadline'

/** /healthz answers 503 when the database has not answered within this. */
export const healthCheckTimeoutMs = 1_000

/**
 * GET /healthz, for a load balancer or a supervisor: 200 when the database answers, 503 within
 * 2 s when it does not (down, unreachable, or too slow), never a hang.
 */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps
  app.get('/healthz', async (request, reply) => {
    reply.header('cache-control', 'no-store')
    try {
      const check = db.selectFrom('orders').select('id').limit(1).execute()
      if ((await within(check, healthCheckTimeoutMs)).done) return reply.send({ status: 'ok' })
      request.log.warn('healthz: the database did not answer in time')
    } catch (error) {
      request.log.warn({ err: error }, 'healthz: the database failed')
    }
    return reply
      .status(503)
      .send({ status: 'unavailable', message: 'The database is not answering.' })
  })
}
