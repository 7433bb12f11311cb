import { createHash } from 'node:crypto'
import type { FastifyInstance, FastifyServerFactory } from 'fastify'
import fp from 'fastify-plugin'
import { type BoardView, boardCacheControl, boardView } from '../../shared/board'
import { LiveFeedSchema } from '../../shared/live-api'
import { stageApi } from '../../shared/stage'
import type { BoardRenderer } from '../adapters/board-renderer'
import { boardLook } from '../adapters/board-renderer-layout'
import type { LiveFeedCache } from '../plugins/live-feed-cache'
import { apiSecurityHeaders } from '../plugins/security-headers'

declare module 'fastify' {
  interface FastifyInstance {
    /** The world's board (GET /api/live/board.png): its last picture and how often it was drawn. */
    board: BoardImage
  }
}

/** One drawn picture: its bytes, and the ETag that names what it shows. */
export interface Picture<V> {
  etag: string
  png: Buffer
  view: V
}

/** A picture of a feed (the board's of the live feed, the stage panel's of its own). */
export interface PictureCache<V> {
  /** The picture for the feed's JSON: the last picture while it shows the same, else drawn. */
  picture(feedJson: string): Promise<Picture<V>>
  /** The picture already drawn for exactly this feed JSON, without waiting: the fast path's. */
  peek(feedJson: string): Picture<V> | undefined
  /** How many times the renderer was asked to draw (bench/ and the tests count them). */
  readonly renders: number
}

export type BoardImage = PictureCache<BoardView>

/** Names what the picture shows (and how it is drawn), not when the feed was read. */
export function pictureEtag(look: string, view: unknown): string {
  const hash = createHash('sha256').update(`${look}\n${JSON.stringify(view)}`)
  return `"${hash.digest('base64url').slice(0, 22)}"`
}

export function boardEtag(view: BoardView): string {
  return pictureEtag(String(boardLook), view)
}

/** The board of the live feed's JSON. */
export function createBoardImage(
  renderer: BoardRenderer,
  onError: (error: unknown) => void,
): BoardImage {
  return createPictureCache(
    {
      view: (json) => boardView(LiveFeedSchema.parse(JSON.parse(json))),
      etag: boardEtag,
      draw: (view) => renderer.render(view),
    },
    onError,
  )
}

/**
 * Draws a picture when what it shows changes, never per request: the last picture is kept with
 * its ETag; a drawing in flight is shared by every request that wants the same picture. When a
 * drawing fails, the last picture is served (and the next request tries again).
 */
export function createPictureCache<V>(
  how: { view: (json: string) => V; etag: (view: V) => string; draw: (view: V) => Promise<Buffer> },
  onError: (error: unknown) => void,
): PictureCache<V> {
  let shown: { picture: Picture<V>; json: string; order: number } | undefined
  let drawing: { etag: string; promise: Promise<Picture<V>> } | undefined
  let renders = 0

  const draw = async (view: V, etag: string, json: string): Promise<Picture<V>> => {
    const order = ++renders
    try {
      const picture = { etag, png: await how.draw(view), view }
      // A slower, older drawing never replaces a newer one.
      if (!shown || shown.order < order) shown = { picture, json, order }
      return picture
    } catch (error) {
      if (!shown) throw error
      onError(error)
      return shown.picture
    } finally {
      if (drawing?.etag === etag) drawing = undefined
    }
  }

  return {
    async picture(json) {
      // The feed's JSON is one cached string for a second at a time: most requests stop here.
      if (shown?.json === json) return shown.picture
      const view = how.view(json)
      const etag = how.etag(view)
      if (shown?.picture.etag === etag) {
        shown.json = json
        return shown.picture
      }
      if (drawing?.etag !== etag) drawing = { etag, promise: draw(view, etag, json) }
      return drawing.promise
    },
    peek(json) {
      return shown?.json === json ? shown.picture : undefined
    },
    get renders() {
      return renders
    },
  }
}

/** If-None-Match names this ETag (a list, a weak form, or `*`). */
export function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false
  return header.split(',').some((tag) => {
    const value = tag.trim()
    return value === '*' || value === etag || value === `W/${etag}`
  })
}

/** The board's own headers (and the stage panel's), on a 200 and a 304 alike. */
export function boardHeaders(etag: string) {
  return {
    'content-type': 'image/png',
    'cache-control': boardCacheControl,
    // Meant to be shown elsewhere: in a world, in a streamer's scene.
    'cross-origin-resource-policy': 'cross-origin',
    etag,
  }
}

/** A picture served at `url`, drawn from `feed`'s JSON. */
export interface PictureRoute {
  url: string
  image: PictureCache<unknown>
  feed: Pick<LiveFeedCache, 'fresh'>
}

/**
 * The pictures' fast path: while a feed's copy is fresh and its picture is drawn, the board
 * (and the stage's panel) is answered before Fastify's request pipeline, as /api/live is
 * (plugins/live-feed-cache.ts), so a world full of clients polling it costs about what a bare route
 * does (bench/board.ts). Wraps the next server factory's handler, so the fast paths chain.
 */
export function boardFastPath(
  routes: PictureRoute[],
  next: FastifyServerFactory,
): FastifyServerFactory {
  return (handler, options) =>
    next((request, response) => {
      const route = request.method === 'GET' ? routes.find((r) => r.url === request.url) : undefined
      const json = route?.feed.fresh()
      const picture = json ? route?.image.peek(json) : undefined
      if (!picture) return handler(request, response)
      const headers = { ...apiSecurityHeaders, ...boardHeaders(picture.etag) }
      if (matches(request.headers['if-none-match'], picture.etag)) {
        response.writeHead(304, headers)
        response.end()
        return
      }
      response.writeHead(200, { ...headers, 'content-length': picture.png.length })
      response.end(picture.png)
    }, options)
}

/**
 * GET /api/live/board.png: a 1024×512 picture of the show for a world's image downloader, which
 * polls it every few seconds from every player's client. Served like a static file: the last
 * bytes with an ETag and a 5-second cache, 304 when the client has them, never a redirect.
 */
export const boardRoutes = fp(async (app: FastifyInstance, options: { board: BoardImage }) => {
  const { board } = options
  app.decorate('board', board)
  app.get(stageApi.board, { compress: false }, async (request, reply) => {
    const picture = await board.picture(await app.liveFeed.json())
    reply.headers(boardHeaders(picture.etag))
    if (matches(request.headers['if-none-match'], picture.etag)) return reply.code(304).send()
    return reply.send(picture.png)
  })
})
