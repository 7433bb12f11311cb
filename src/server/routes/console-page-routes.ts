import fs from 'node:fs'
import path from 'node:path'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { refuse } from '../../core/refusal'
import { consoleHtmlFile, consolePages } from '../../shared/console'
import { httpTexts } from '../http-texts'

/** What is sent when there is no build (API tests): an empty page the console would fill. */
const noBuild =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Punchline VR console</title></head><body><div id="root"></div></body></html>'

/**
 * The console's pages: the built console (dist/client/admin.html), rendered in the browser, at
 * each page's path. Every page but sign-in is sent only to a signed-in host; others are sent to
 * sign in. Never cached, never indexed.
 */
export async function consolePagesRoutes(app: FastifyInstance): Promise<void> {
  const { clientDir } = app.deps
  const file = clientDir ? path.join(clientDir, consoleHtmlFile) : undefined
  const html = file && fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : noBuild
  const send = (reply: FastifyReply, status = 200) =>
    reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex')
      .send(html)

  for (const page of Object.values(consolePages)) {
    const guard = page.path === consolePages.signIn.path ? [] : [app.consoleGuard({ page: true })]
    app.get(page.path, { preHandler: guard }, async (_request, reply) => send(reply))
  }
  // Any other address under /admin: the console's own not-found view, for a signed-in host.
  app.get('/admin/*', { preHandler: app.consoleGuard({ page: true }) }, async (request, reply) => {
    if (request.url.startsWith('/admin/api/')) throw refuse.notFound(httpTexts.notFound)
    return send(reply, 404)
  })
}
