import { useId } from 'react'
import { balanceLines, comicStatementTexts as texts } from '../../../shared/comic-statement'
import { formatUsd } from '../../../shared/money'
import type { ComicStatement, StatementShow } from '../../../shared/settlements'
import { formatCentral } from '../../../shared/show-time'
import {
  adjustmentSentence,
  statementLedgerTexts as ledgerTexts,
  payoutSentence,
  readableDay,
  readableMonth,
  showItemLines,
  statementCsv,
  termsOfShows,
  termsSentence,
} from '../../../shared/statement-ledger'

/** A label and its amount on one row, the amount kept whole at the end (it wraps below on a narrow phone). */
function Item(props: { label: string; cents: number | null; total?: boolean }) {
  return (
    <div className={props.total ? 'statement-item statement-total' : 'statement-item'}>
      <dt>{props.label}</dt>
      <dd data-cents={props.cents ?? undefined}>
        {props.cents === null ? '' : formatUsd(props.cents)}
      </dd>
    </div>
  )
}

function ShowItems({ show }: { show: StatementShow }) {
  const items = showItemLines(show)
  return (
    <li data-show={show.showName}>
      <h3 className="statement-show-name">{show.showName}</h3>
      <p className="muted">{formatCentral(new Date(show.startsAt))}</p>
      <dl className="statement-items">
        {items.map((item, i) => (
          <Item
            key={item.label}
            label={item.label}
            cents={item.cents}
            total={i === items.length - 1}
          />
        ))}
      </dl>
      {!show.closed && <p className="muted">{ledgerTexts.notClosed}</p>}
    </li>
  )
}

/** The period's ledger as a CSV file the browser saves. */
function downloadCsv(statement: ComicStatement) {
  const blob = new Blob([statementCsv(statement)], { type: 'text/csv;charset=utf-8' })
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = ledgerTexts.csvName(statement.comic.slug, statement.month)
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}

/**
 * A comic's statement (docs/comics.md, "Your statement, line by line"): where the account stands,
 * the terms written out once, each show's figure explained item by item, the refunds and
 * disputes after closing, the payouts, and the period's totals; a CSV and a printout of it.
 * `months` fills the period's menu; choosing one asks the server for that month.
 */
export function StatementView(props: {
  statement: ComicStatement
  months: string[]
  onMonth: (month: string) => void
  busy: boolean
}) {
  const { statement } = props
  const id = useId()
  const terms = termsOfShows(statement.shows)
  const endCents = statement.openingCents + statement.owedCents - statement.paidCents
  return (
    <>
      <section className="statement-card card" aria-labelledby={`${id}-balance`}>
        <h2 id={`${id}-balance`}>{texts.balanceHeading}</h2>
        <ul className="statement-balance" data-balance>
          {balanceLines(statement.balance).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </section>
      <section
        className="statement-card card"
        aria-labelledby={`${id}-shows`}
        aria-busy={props.busy}
      >
        <div className="statement-head">
          <h2 id={`${id}-shows`}>{ledgerTexts.periodHeading(statement.month)}</h2>
          <label className="statement-no-print">
            {texts.monthLabel}{' '}
            <select
              value={statement.month ?? ''}
              onChange={(event) => props.onMonth(event.currentTarget.value)}
            >
              <option value="">{texts.allTime}</option>
              {props.months.map((month) => (
                <option key={month} value={month}>
                  {readableMonth(month)}
                </option>
              ))}
            </select>
          </label>
        </div>
        <div className="statement-actions statement-no-print">
          <button
            type="button"
            className="button button-secondary"
            onClick={() => downloadCsv(statement)}
          >
            {ledgerTexts.downloadCsv}
          </button>
          <button type="button" className="button button-secondary" onClick={() => window.print()}>
            {ledgerTexts.print}
          </button>
        </div>
        {terms.length > 0 && (
          <div className="statement-terms" data-terms>
            <h3>{ledgerTexts.termsHeading}</h3>
            {terms.map((group) => (
              <p key={group.shows.join()}>
                {terms.length > 1 && `${ledgerTexts.termsFor(group.shows)} `}
                {termsSentence(group.terms)}
              </p>
            ))}
          </div>
        )}
        {statement.shows.length === 0 ? (
          <p>{texts.noShows}</p>
        ) : (
          <ul className="statement-shows">
            {statement.shows.map((show) => (
              <ShowItems key={show.showId} show={show} />
            ))}
          </ul>
        )}
        {statement.adjustments.length > 0 && (
          <>
            <h3>{ledgerTexts.adjustmentsHeading}</h3>
            <dl className="statement-items" data-adjustments>
              {statement.adjustments.map((a) => (
                <Item
                  key={`${a.showId} ${a.fromShowId}`}
                  label={adjustmentSentence(a)}
                  cents={a.cents}
                />
              ))}
            </dl>
          </>
        )}
        <h3>{ledgerTexts.payoutsHeading}</h3>
        {statement.payouts.length === 0 ? (
          <p>{texts.noPayouts}</p>
        ) : (
          <dl className="statement-items" data-payouts>
            {statement.payouts.map((p) => (
              <Item
                key={p.id}
                label={`${readableDay(p.paidOn)}: ${payoutSentence(p)}`}
                cents={-p.amountCents}
              />
            ))}
          </dl>
        )}
        <dl className="statement-items statement-period" data-period>
          {statement.month !== null && (
            <Item label={ledgerTexts.broughtForward} cents={statement.openingCents} />
          )}
          <Item label={ledgerTexts.owedInPeriod} cents={statement.owedCents} />
          <Item label={ledgerTexts.paidInPeriod} cents={-statement.paidCents} />
          <Item label={ledgerTexts.owedAtEnd} cents={endCents} total />
        </dl>
      </section>
    </>
  )
}
