import type { FastifyInstance } from 'fastify'
import { publicPages } from '../../core/shows/public-pages'
import { escapeHtml } from '../../shared/escape-html'

/** What crawlers may not fetch: the API, the payment pages, one buyer's codes, the console. */
const disallowed = ['/api/', '/pay/', '/success', '/admin']

/**
 * GET /robots.txt and /sitemap.xml (docs/decisions/048-a-page-for-every-show.md): the rules for
 * crawlers with the sitemap's whole address, and every public page, read from the database on
 * each request (crawlers ask seldom), with this server's address.
 */
export async function crawlerRoutes(app: FastifyInstance): Promise<void> {
  const { db, clock, config } = app.deps
  const origin = config.publicUrl

  app.get('/robots.txt', async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(
        [
          'User-agent: *',
          'Allow: /',
          ...disallowed.map((path) => `Disallow: ${path}`),
          `Sitemap: ${origin}/sitemap.xml`,
          '',
        ].join('\n'),
      ),
  )

  app.get('/sitemap.xml', async (_request, reply) => {
    const pages = await publicPages(db, clock.now())
    const urls = pages.map((page) => {
      const lastModified = page.lastModified
        ? `<lastmod>${page.lastModified.toISOString()}</lastmod>`
        : ''
      return `<url><loc>${escapeHtml(`${origin}${page.path}`)}</loc>${lastModified}</url>`
    })
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`,
      )
  })
}
