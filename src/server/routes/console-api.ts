import type { FastifyInstance } from 'fastify'
import { runOperatorAction } from '../../core/operator/operator'
import { type OperatorDeps, OperatorRefusal } from '../../core/operator/operator-types'
import { boostsChartSvg, reportCsv } from '../../core/reports/report-files'
import { reportByMonth, reportByShow } from '../../core/reports/show-report'
import { type ConsoleActionName, consoleApi } from '../../shared/console'
import { operatorActionNames } from '../../shared/operator'

/** Every action the console may call: all but making sign-in links (mail or the command line). */
export const consoleActionNames = operatorActionNames.filter(
  (name): name is ConsoleActionName => name !== 'console.link',
)

/**
 * The console's API: `POST /admin/api/actions/<name>` runs one operator action for the
 * signed-in host (core/operator; the same code the command line runs), and the reports as CSV
 * and the boosts chart as SVG. A refusal is 400 (404 for what does not exist) with its sentence,
 * and a refused refund with the advice the command line words as "--force".
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

  for (const name of consoleActionNames) {
    app.post(consoleApi.action(name), { preHandler: changes }, async (request, reply) => {
      const host = request.consoleHost
      if (!host) return reply.status(401).send()
      try {
        const result = await runOperatorAction(
          deps,
          { who: host.email, via: 'console' },
          name,
          request.body,
        )
        return reply.header('cache-control', 'no-store').send(result)
      } catch (error) {
        if (!(error instanceof OperatorRefusal)) throw error
        const { notFound, advice } = error.details
        return reply
          .status(notFound ? 404 : 400)
          .send({ message: error.message, ...(advice ? { advice } : {}) })
      }
    })
  }

  const download = (type: string, name: string) => ({
    'content-type': type,
    'content-disposition': `attachment; filename="${name}"`,
    'cache-control': 'no-store',
  })
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
  app.get(consoleApi.boostsChart, { preHandler: reads }, async (request, reply) => {
    const asked = Number((request.query as Record<string, unknown>).months ?? 3)
    const months = Number.isInteger(asked) && asked >= 1 && asked <= 24 ? asked : 3
    const points = await runOperatorAction(
      deps,
      { who: request.consoleHost?.email ?? '', via: 'console' },
      'reports.boosts',
      { months },
    )
    return (
      reply
        .type('image/svg+xml; charset=utf-8')
        .header('cache-control', 'no-store')
        // Drawn here from numbers and escaped names; should it ever be opened as a page, it runs nothing.
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(boostsChartSvg(points, months))
    )
  })
}
