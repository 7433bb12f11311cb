import type { FastifyInstance } from 'fastify'
import { worldLaunchUrl, worldPath } from '../../shared/world'

/**
 * GET /world: on to VRChat's page that opens the club's world (VRCHAT_WORLD_ID). Registered only
 * when the id is set; the pages show their link to it only then (src/shared/world.ts).
 */
export async function worldRoutes(app: FastifyInstance, options: { worldId: string }) {
  const target = worldLaunchUrl(options.worldId)
  app.get(worldPath, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').redirect(target, 302),
  )
}
