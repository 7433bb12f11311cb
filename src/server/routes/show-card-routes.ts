import type { FastifyInstance } from 'fastify'
import { readBill } from '../../core/comics/bills'
import { refuse } from '../../core/refusal'
import { findEvent } from '../../core/schedule/events'
import { showPagePrefix } from '../../shared/schedule'
import { formatCentral } from '../../shared/show-time'
import type { BoardRenderer } from '../adapters/board-renderer'
import { type ShowCardView, showCardLook } from '../adapters/show-card-layout'
import { httpTexts } from '../http-texts'
import { matches, pictureEtag } from './board-routes'

/** Cards kept drawn, by what they show: the shows shared most, a few weeks of the schedule. */
const keptCards = 64

/**
 * GET /shows/<id>/card.png: a show's card, the picture of its link preview (og:image), drawn in
 * the board's look when what it shows (name, time, bill) changes, kept by its ETag; a removed or
 * unknown show is not found.
 */
export async function showCardRoutes(
  app: FastifyInstance,
  options: { renderer: BoardRenderer },
): Promise<void> {
  const { db } = app.deps
  const drawn = new Map<string, Promise<Buffer>>()
  app.get<{ Params: { id: string } }>(`${showPagePrefix}:id/card.png`, async (request, reply) => {
    const show = await findEvent(db, request.params.id)
    if (!show) throw refuse.notFound(httpTexts.noSuchEvent)
    const bill = await readBill(db, show.id)
    const view: ShowCardView = {
      name: show.name,
      when: formatCentral(show.starts_at),
      bill: bill.length > 0 ? `With ${bill.map((comic) => comic.name).join(', ')}` : '',
    }
    const etag = pictureEtag(`card ${showCardLook}`, view)
    reply
      .header('cache-control', 'public, max-age=3600, must-revalidate')
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('etag', etag)
    if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send()
    let png = drawn.get(etag)
    if (!png) {
      png = options.renderer.renderShowCard(view)
      png.catch(() => drawn.delete(etag))
      drawn.set(etag, png)
      // The oldest drawn card goes first.
      if (drawn.size > keptCards) drawn.delete(drawn.keys().next().value ?? '')
    }
    return reply.type('image/png').send(await png)
  })
}
