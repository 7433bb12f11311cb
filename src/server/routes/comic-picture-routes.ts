import type { FastifyInstance, FastifyRequest } from 'fastify'
import { pictureRefusalTexts } from '../../core/comics/picture-texts'
import { findPicture } from '../../core/comics/pictures'
import { comicHome } from '../../core/open-mic/backstage'
import { setOwnPicture } from '../../core/operator/comic-own-page'
import { changeComicPicture } from '../../core/operator/comic-picture'
import { refuse } from '../../core/refusal'
import { markEventsChanged } from '../../core/schedule/events'
import { comicHomeApi, comicHomeTexts } from '../../shared/comic-home'
import { comicPictureLimits } from '../../shared/comic-pictures'
import { comicPicturePrefix } from '../../shared/comics'
import { comicPictureRoute, consoleMessages } from '../../shared/console'
import { hasControlCharacters } from '../../shared/text'
import { encodeComicPicture } from '../adapters/picture-encoder'
import { httpTexts } from '../http-texts'
import { matchesEtag } from './schedule-routes'

/** A picture's id as the server makes them (core/ids.ts): anything else is no picture. */
const pictureIdPattern = /^[0-9A-Za-z]{16}$/

/** Refuses a body announced as too large before a byte of it is read. */
async function announcedSize(request: FastifyRequest): Promise<void> {
  const length = Number(request.headers['content-length'])
  if (length > comicPictureLimits.maxBytes) throw refuse.invalid(pictureRefusalTexts.tooLarge)
}

/**
 * The comics' pictures (docs/comics.md, "What fans see"): the console sends one as the raw bytes
 * of a file (POST, behind its sign-in and CSRF token); everyone fetches them at their own URL,
 * cached for a year, since a new picture gets a new URL.
 */
export async function comicPictureRoutes(app: FastifyInstance): Promise<void> {
  const { db, clock } = app.deps

  // In this plugin only: a body of any type is read as bytes, judged by its content (its first
  // bytes and the decoder), never by its Content-Type or a file name.
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body))

  app.post<{ Params: { id: string } }>(
    comicPictureRoute,
    {
      // Who is asking, then how much they send, before the body is read.
      onRequest: [app.consoleGuard({ changes: true }), announcedSize],
      bodyLimit: comicPictureLimits.maxBytes,
    },
    async (request, reply) => {
      const host = request.consoleHost
      if (!host) throw refuse.unauthorized(consoleMessages.notSignedIn)
      const { id } = request.params
      // Text an operator could type; anything else (a NUL PostgreSQL refuses) is no comic.
      if (id.length > 64 || hasControlCharacters(id)) throw refuse.notFound(httpTexts.notFound)
      const body = request.body
      const comic = await changeComicPicture(
        { db, encode: encodeComicPicture, now: clock.now() },
        { who: host.email, via: 'console' },
        id,
        body instanceof Uint8Array ? body : undefined,
      )
      return reply.header('cache-control', 'no-store').send(comic)
    },
  )

  // A comic's own picture, from their page: the same checks and re-encoding, behind their sign-in.
  app.post(
    comicHomeApi.picture,
    {
      onRequest: [app.comicGuard({ changes: true }), announcedSize],
      bodyLimit: comicPictureLimits.maxBytes,
    },
    async (request, reply) => {
      const signedIn = request.comic
      if (!signedIn) throw refuse.unauthorized(comicHomeTexts.notSignedIn)
      const body = request.body
      const now = clock.now()
      const comic = await setOwnPicture(
        { db, encode: encodeComicPicture, now },
        signedIn,
        body instanceof Uint8Array ? body : undefined,
      )
      markEventsChanged()
      const home = await comicHome(db, comic, now)
      return reply
        .header('cache-control', 'no-store')
        .send({ csrfToken: signedIn.csrfToken, ...home })
    },
  )

  app.get<{ Params: { id: string } }>(`${comicPicturePrefix}:id.webp`, async (request, reply) => {
    const { id } = request.params
    const picture = pictureIdPattern.test(id) ? await findPicture(db, id) : undefined
    if (!picture) throw refuse.notFound(httpTexts.notFound)
    const etag = `"${picture.id}"`
    reply.header('cache-control', 'public, max-age=31536000, immutable').header('etag', etag)
    if (matchesEtag(request, etag)) return reply.code(304).send()
    const { data } = picture
    return reply
      .type(picture.content_type)
      .send(Buffer.from(data.buffer, data.byteOffset, data.byteLength))
  })
}
