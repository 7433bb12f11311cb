import { consoleApi, consolePageTexts } from '../../../shared/console'
import { formatUsd } from '../../../shared/money'
import type { ReportRow } from '../../../shared/operator-views'
import { type Column, ConsolePageHead, DataTable, TimeText } from '../console-ui'
import { consolePageSize, Loaded, PagedTable, useListParams } from '../list-controls'
import { useAction } from '../use-action'
import { ComicsReport } from './comics-report-section'
import './reports-page.css'

/** The boosts chart covers this many months back. */
export const boostsMonths = 3

/** The figures both reports show, after each one's own first column. */
const figures: Column<ReportRow>[] = [
  { header: 'Orders', numeric: true, cell: (row) => row.orders },
  { header: 'Sold', numeric: true, cell: (row) => row.sold },
  { header: 'Redeemed', numeric: true, cell: (row) => row.redeemed },
  { header: 'Anonymous', numeric: true, cell: (row) => row.anonymous },
  { header: 'Voided', numeric: true, cell: (row) => row.voided },
  { header: 'Taken', numeric: true, cell: (row) => formatUsd(row.takenCents) },
  { header: 'Refunded', numeric: true, cell: (row) => formatUsd(row.refundedCents) },
  { header: 'Disputed', numeric: true, cell: (row) => formatUsd(row.disputedCents) },
]

function Download({ href, what }: { href: string; what: string }) {
  return (
    <a className="button button-secondary button-small" href={href} download>
      Download {what} as CSV
    </a>
  )
}

/** Sales by show and by month (with CSV files), and boosts per show as the server's chart. */
export function ReportsPage() {
  const { page } = useListParams()
  const shows = useAction('reports.shows', { page, pageSize: consolePageSize })
  const months = useAction('reports.months', {})
  const boosts = useAction('reports.boosts', { months: boostsMonths })

  return (
    <div className="console-page">
      <ConsolePageHead page="reports" />
      <section aria-labelledby="report-shows">
        <div className="console-page-head">
          <h2 id="report-shows">By show</h2>
          <Download href={consoleApi.showsCsv} what="the report by show" />
        </div>
        <PagedTable
          list={shows}
          noun="shows"
          caption="Sales by show"
          rowKey={(row) => row.key}
          empty={consolePageTexts.reports.nothingSold}
          columns={[
            {
              header: 'Show',
              cell: (row) => (
                <>
                  <strong>{row.label}</strong>
                  <br />
                  <TimeText iso={row.startsAt} />
                </>
              ),
            },
            ...figures,
          ]}
        />
      </section>
      <section aria-labelledby="report-months">
        <div className="console-page-head">
          <h2 id="report-months">By month</h2>
          <Download href={consoleApi.monthsCsv} what="the report by month" />
        </div>
        <Loaded state={months}>
          {(monthsData) => (
            <DataTable
              caption="Sales by month"
              rows={monthsData}
              rowKey={(row) => row.key}
              empty={consolePageTexts.reports.nothingSold}
              columns={[
                { header: 'Month', cell: (row) => <strong>{row.label}</strong> },
                ...figures,
              ]}
            />
          )}
        </Loaded>
      </section>
      <section aria-labelledby="report-boosts">
        <h2 id="report-boosts">Boosts per show, last {boostsMonths} months</h2>
        <figure className="console-chart">
          <img
            src={`${consoleApi.boostsChart}?months=${boostsMonths}`}
            alt={consolePageTexts.reports.chartAlt(boostsMonths)}
            width="720"
            height="300"
          />
          <figcaption className="field-hint">{consolePageTexts.reports.chartCaption}</figcaption>
        </figure>
        <Loaded state={boosts}>
          {(boostsData) => (
            <DataTable
              caption="Boosts per show"
              rows={boostsData}
              rowKey={(point) => point.showId}
              empty={consolePageTexts.reports.noShow(boostsMonths)}
              columns={[
                { header: 'Show', cell: (point) => point.name },
                { header: 'Started', cell: (point) => <TimeText iso={point.startsAt} /> },
                { header: 'Show codes', numeric: true, cell: (point) => point.codeBoosts },
                { header: 'Member boosts', numeric: true, cell: (point) => point.memberBoosts },
                { header: 'Boosts', numeric: true, cell: (point) => point.boosts },
              ]}
            />
          )}
        </Loaded>
      </section>
      <ComicsReport />
    </div>
  )
}
