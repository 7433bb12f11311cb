import fs from 'node:fs'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { overlayHtmlFile, overlayPath, overlayTexts } from '../../shared/overlay'

/** What is sent when there is no build (API tests): an empty page the overlay's script would fill. */
const noBuild = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${overlayTexts.title}</title></head><body></body></html>`

/**
 * The stream overlay (docs/overlay.md): the built overlay.html, a page of its own outside the
 * fans' app, at /overlay. Public like the stream it reads; never cached, never indexed.
 */
export async function overlayPageRoutes(app: FastifyInstance): Promise<void> {
  const { clientDir } = app.deps
  const file = clientDir ? path.join(clientDir, overlayHtmlFile) : undefined
  const html = file && fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : noBuild
  app.get(overlayPath, async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('x-robots-tag', 'noindex')
      .send(html),
  )
}
