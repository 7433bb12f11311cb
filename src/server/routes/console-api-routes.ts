import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { OperatorDeps } from '../../core/operator/operator-types'
import { runOperatorAction } from '../../core/operator/run-action'
import { refuse } from '../../core/refusal'
import { boostsChartSvg, reportCsv } from '../../core/reports/report-files'
import { reportByMonth, reportByShow } from '../../core/reports/show-report'
import { comicsReport } from '../../core/settlements/comics-report'
import { comicsChartSvg, comicsReportCsv } from '../../core/settlements/comics-report-files'
import { type ConsoleActionName, consoleApi, consoleMessages } from '../../shared/console'
import { operatorActionNames } from '../../shared/operator'
import type { ZodTypeProvider } from '../plugins/route-schemas'

/** Every action the console may call: all but making sign-in links (mail or the command line). */
export const consoleActionNames = operatorActionNames.filter(
  (name): name is ConsoleActionName => name !== 'console.link',
)

/** Never refused: months from 1 to 24, 3 when not said or not one of them. */
const ChartQuerySchema = z.object({ months: z.coerce.number().int().min(1).max(24).catch(3) })
/** Never refused either: by show unless `month`, the last 24 months. */
const ComicsCsvQuerySchema = z.object({ by: z.enum(['show', 'month']).catch('show') })

/**
 * The console's API: `POST /admin/api/actions/<name>` runs one operator action for the
 * signed-in host (core/operator; the same code the command line runs, which reads the action's
 * input itself), and the reports as CSV and the boosts chart as SVG. An action's refusal is
 * thrown (400, 404 for what does not exist) with its sentence, and a refused refund with the
 * advice the command line words as "--force".
 */
export async function consoleApiRoutes(app: FastifyInstance): Promise<void> {
  const { db, clock, config, payments, kickMail } = app.deps
  const deps: OperatorDeps = {
    db,
    clock,
    payments: () => payments,
    kickMail,
    console: { publicUrl: config.publicUrl, adminEmails: config.adminEmails ?? [] },
  }
  const changes = app.consoleGuard({ changes: true })
  const reads = app.consoleGuard({})
  // Every answer here is one signed-in host's, a refusal too: never kept by a cache.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store')
  })

  for (const name of consoleActionNames) {
    app.post(consoleApi.action(name), { preHandler: changes }, async (request, reply) => {
      // The guard has answered 401 already when nobody is signed in.
      const host = request.consoleHost
      if (!host) throw refuse.unauthorized(consoleMessages.notSignedIn)
      const who = { who: host.email, via: 'console' } as const
      return reply.send(await runOperatorAction(deps, who, name, request.body))
    })
  }

  const download = (type: string, name: string) => ({
    'content-type': type,
    'content-disposition': `attachment; filename="${name}"`,
  })
  const svgHeaders = {
    'content-type': 'image/svg+xml; charset=utf-8',
    // Drawn here from numbers and escaped names; should it ever be opened as a page, it runs nothing.
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
  }
  app.get(consoleApi.showsCsv, { preHandler: reads }, async (_request, reply) => {
    const rows = await reportByShow(db, { page: 1, pageSize: 100_000 })
    return reply
      .headers(download('text/csv; charset=utf-8', 'shows.csv'))
      .send(reportCsv(rows.items, 'show'))
  })
  app.get(consoleApi.monthsCsv, { preHandler: reads }, async (_request, reply) => {
    const rows = await reportByMonth(db, clock.now())
    return reply
      .headers(download('text/csv; charset=utf-8', 'months.csv'))
      .send(reportCsv(rows, 'month'))
  })
  const api = app.withTypeProvider<ZodTypeProvider>()
  const comicsCsv = { preHandler: reads, schema: { querystring: ComicsCsvQuerySchema } }
  api.get(consoleApi.comicsCsv, comicsCsv, async (request, reply) => {
    const { by } = request.query
    const rows = await comicsReport(db, clock.now(), { by, months: 24 })
    return reply
      .headers(download('text/csv; charset=utf-8', `comics-by-${by}.csv`))
      .send(comicsReportCsv(rows, by))
  })
  const chart = { preHandler: reads, schema: { querystring: ChartQuerySchema } }
  api.get(consoleApi.comicsChart, chart, async (request, reply) => {
    const { months } = request.query
    const rows = await comicsReport(db, clock.now(), { by: 'show', months })
    return reply.headers(svgHeaders).send(comicsChartSvg(rows, months))
  })
  api.get(consoleApi.boostsChart, chart, async (request, reply) => {
    const { months } = request.query
    const points = await runOperatorAction(
      deps,
      { who: request.consoleHost?.email ?? '', via: 'console' },
      'reports.boosts',
      { months },
    )
    return reply.headers(svgHeaders).send(boostsChartSvg(points, months))
  })
}
