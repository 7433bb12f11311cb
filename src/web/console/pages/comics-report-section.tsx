import { consoleApi } from '../../../shared/console'
import { formatUsd } from '../../../shared/money'
import { type ComicReportRow, comicsReportTexts as texts } from '../../../shared/settlements'
import { readableMonth } from '../../../shared/statement-ledger'
import { type Column, DataTable } from '../console-ui'
import { Loaded } from '../list-controls'
import { useAction } from '../use-action'

/** The comics' tables and chart cover this many months back. */
export const comicsMonths = 3

const figures: Column<ComicReportRow>[] = [
  { header: 'Comic', cell: (row) => row.comic.name },
  { header: 'Show codes', numeric: true, cell: (row) => row.codeBoosts },
  { header: 'Member boosts', numeric: true, cell: (row) => row.memberBoosts },
  { header: 'Anonymous', numeric: true, cell: (row) => row.anonymousBoosts },
  { header: 'Worth', numeric: true, cell: (row) => formatUsd(row.creditedCents) },
  { header: 'Owed', numeric: true, cell: (row) => formatUsd(row.owedCents) },
  { header: 'Settlement', cell: (row) => (row.closed ? texts.closed : texts.open) },
]

function ComicsTable(props: { by: 'show' | 'month'; id: string }) {
  const rows = useAction('comics.report', { by: props.by, months: comicsMonths })
  const title = props.by === 'show' ? texts.byShow : texts.byMonth
  return (
    <section aria-labelledby={props.id}>
      <div className="console-page-head">
        <h3 id={props.id}>{title}</h3>
        <a
          className="button button-secondary button-small"
          href={`${consoleApi.comicsCsv}?by=${props.by}`}
          download
        >
          Download {title.toLowerCase()} as CSV
        </a>
      </div>
      <Loaded state={rows}>
        {(data) => (
          <DataTable
            caption={title}
            rows={data}
            rowKey={(row) => `${row.key} ${row.comic.id}`}
            empty={texts.nothing}
            columns={[
              {
                header: props.by === 'show' ? 'Show' : 'Month',
                // A month in the console's one way: "November 2026".
                cell: (row) => (
                  <strong>{props.by === 'month' ? readableMonth(row.label) : row.label}</strong>
                ),
              },
              ...figures,
            ]}
          />
        )}
      </Loaded>
    </section>
  )
}

/**
 * The Reports page's comics: what each is owed per show and per month (CSV files of both), and
 * the server's chart of what each is owed (docs/comics.md, "Settling with the comics").
 */
export function ComicsReport() {
  return (
    <section aria-labelledby="report-comics">
      <h2 id="report-comics">
        {texts.heading}, last {comicsMonths} months
      </h2>
      <figure className="console-chart">
        <img
          src={`${consoleApi.comicsChart}?months=${comicsMonths}`}
          alt={texts.chartAlt(comicsMonths)}
          width="720"
          height="300"
        />
      </figure>
      <ComicsTable by="show" id="report-comics-shows" />
      <ComicsTable by="month" id="report-comics-months" />
    </section>
  )
}
