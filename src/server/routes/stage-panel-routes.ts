import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { type StagePanel, type StagePanelView, stagePanelView } from '../../shared/board'
import { stageApi } from '../../shared/stage'
import type { BoardRenderer } from '../adapters/board-renderer'
import { stagePanelLook } from '../adapters/stage-panel-layout'
import type { LiveFeedCache } from '../plugins/live-feed-cache'
import {
  boardHeaders,
  createPictureCache,
  matches,
  type PictureCache,
  pictureEtag,
} from './board-routes'

declare module 'fastify' {
  interface FastifyInstance {
    /** The stage's panel (GET /api/live/stage.png): its feed and its last picture. */
    stagePanel: { feed: LiveFeedCache; image: PictureCache<StagePanelView> }
  }
}

/** The stage panel of its feed's JSON (core/stage-stream/stage-panel.ts wrote it, in this process). */
export function createStagePanelImage(
  renderer: BoardRenderer,
  onError: (error: unknown) => void,
): PictureCache<StagePanelView> {
  return createPictureCache(
    {
      view: (json) => stagePanelView(JSON.parse(json) as StagePanel),
      etag: (view) => pictureEtag(`stage ${stagePanelLook}`, view),
      draw: (view) => renderer.renderStage(view),
    },
    onError,
  )
}

/**
 * GET /api/live/stage.png: a 1024×512 picture for the stage itself (a comic's wrist panel, the
 * teleprompter): who is on, the boosts of their set and its last gifts. Served as the board is
 * (routes/board-routes.ts): drawn when it changes, an ETag, a 5-second cache, 304, never a redirect.
 */
export const stagePanelRoutes = fp(
  async (
    app: FastifyInstance,
    options: { feed: LiveFeedCache; image: PictureCache<StagePanelView> },
  ) => {
    const { feed, image } = options
    app.decorate('stagePanel', { feed, image })
    app.get(stageApi.stage, { compress: false }, async (request, reply) => {
      const picture = await image.picture(await feed.json())
      reply.headers(boardHeaders(picture.etag))
      if (matches(request.headers['if-none-match'], picture.etag)) return reply.code(304).send()
      return reply.send(picture.png)
    })
  },
)
