import { useId } from 'react'
import {
  adjustmentLine,
  balanceLines,
  comicStatementTexts as texts,
} from '../../../shared/comic-statement'
import { formatUsd } from '../../../shared/money'
import type { ComicStatement, StatementShow } from '../../../shared/settlements'
import { formatCentral } from '../../../shared/show-time'

/** "5 show codes, 10 member boosts (2 anonymous)" */
function boostsText(show: StatementShow): string {
  const anonymous = show.anonymousBoosts > 0 ? ` (${show.anonymousBoosts} anonymous)` : ''
  return `${show.codeBoosts} show-code boosts, ${show.memberBoosts} member boosts${anonymous}`
}

/**
 * A comic's statement: where the account stands, their shows with the boosts given at each and
 * what each is owed, the adjustments landed and the payouts made. `months` fills the period's
 * menu; choosing one asks the server for that month.
 */
export function StatementView(props: {
  statement: ComicStatement
  months: string[]
  onMonth: (month: string) => void
  busy: boolean
}) {
  const { statement } = props
  const id = useId()
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
          <h2 id={`${id}-shows`}>{texts.showsHeading}</h2>
          <label>
            {texts.monthLabel}{' '}
            <select
              value={statement.month ?? ''}
              onChange={(event) => props.onMonth(event.currentTarget.value)}
            >
              <option value="">{texts.allTime}</option>
              {props.months.map((month) => (
                <option key={month} value={month}>
                  {month}
                </option>
              ))}
            </select>
          </label>
        </div>
        {statement.shows.length === 0 ? (
          <p>{texts.noShows}</p>
        ) : (
          <ul className="statement-shows">
            {statement.shows.map((show) => (
              <li key={show.showId} data-show={show.showName}>
                <strong>{show.showName}</strong>{' '}
                <span className="muted">{formatCentral(new Date(show.startsAt))}</span>
                <br />
                {boostsText(show)}
                <br />
                {texts.owed}: <strong>{formatUsd(show.owedCents)}</strong>
                {show.potCents > 0 && ` (${texts.potOnly} ${formatUsd(show.potCents)})`}
                {!show.closed && <em> · {texts.notClosed}</em>}
              </li>
            ))}
          </ul>
        )}
        {statement.adjustments.length > 0 && (
          <>
            <h3>{texts.adjustmentsHeading}</h3>
            <ul>
              {statement.adjustments.map((a) => (
                <li key={`${a.showId} ${a.fromShowId}`}>{adjustmentLine(a)}</li>
              ))}
            </ul>
          </>
        )}
        <h3>{texts.payoutsHeading}</h3>
        {statement.payouts.length === 0 ? (
          <p>{texts.noPayouts}</p>
        ) : (
          <ul>
            {statement.payouts.map((p) => (
              <li key={p.id}>
                {p.paidOn}: {formatUsd(p.amountCents)} ({p.reference})
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  )
}
