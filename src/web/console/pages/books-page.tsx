import { type ReactNode, useState } from 'react'
import type { OperatorInput } from '../../../shared/operator'
import type { BooksComic } from '../../../shared/settlements'
import { readableMonth } from '../../../shared/statement-ledger'
import { asConsoleError, type ConsoleError } from '../console-calls'
import { useConsoleSession } from '../console-session'
import { ConsolePageHead, DataTable, ErrorNotice, SuccessNotice, TimeText } from '../console-ui'
import { Loaded } from '../list-controls'
import { useAction } from '../use-action'
import { BookConfirm, type BookQuestion, Money } from './books-confirm'
import { PayoutForm } from './books-payout-form'
import { useBooksPreselect } from './books-preselect'
import { booksTexts as texts } from './books-texts'
import './books.css'

type CloseInput = OperatorInput<'settlements.close'>

type Asked = BookQuestion | { kind: 'payout'; where: string; comic: BooksComic }

/**
 * The books (docs/console.md, "Books"): the shows to settle, the months to close, what each comic
 * is owed with "Record a payout" and "Send statement", and "Send every statement". Every change
 * is asked first with what the action itself says it will do, through the operator actions the
 * command line runs.
 */
export function BooksPage() {
  const { run } = useConsoleSession()
  const books = useAction('books.overview', {})
  const [asked, setAsked] = useState<Asked>()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<ConsoleError>()
  const [notice, setNotice] = useState<string[]>([])

  const attempt = async (work: () => Promise<void>) => {
    setBusy(true)
    setError(undefined)
    setNotice([])
    try {
      await work()
    } catch (failure) {
      setError(asConsoleError(failure))
      setAsked(undefined)
    } finally {
      setBusy(false)
    }
  }

  const done = (lines: string[]) => {
    setNotice(lines)
    setAsked(undefined)
    books.reload()
  }

  const askClose = (where: string, input: CloseInput) =>
    attempt(async () => {
      setAsked({
        kind: 'close',
        where,
        input,
        preview: await run('settlements.close-check', input),
      })
    })

  const close = (input: CloseInput) =>
    attempt(async () => {
      const result = await run('settlements.close', input)
      const cents = result.closed.reduce((sum, v) => sum + v.comicsCents, 0)
      const { mailed, withoutAddress, held } = result.statements
      done([
        texts.closed(result.closed.length, cents),
        ...result.skipped.map((s) => `${texts.leftOpen} ${s.why}`),
        ...(held ? [held] : []),
        ...(mailed.length > 0 ? [texts.mailed(mailed)] : []),
        ...(withoutAddress.length > 0 ? [texts.notMailed(withoutAddress)] : []),
      ])
    })

  const askStatements = (where: string, comic?: string) =>
    attempt(async () => {
      const input = comic ? { comic } : {}
      setAsked({
        kind: 'statements',
        where,
        ...(comic ? { comic } : {}),
        preview: await run('statements.send-check', input),
      })
    })

  const sendStatements = (comic?: string) =>
    attempt(async () => {
      const { mailed, withoutAddress } = await run('statements.send', comic ? { comic } : {})
      done([
        ...(mailed.length > 0 ? [texts.mailed(mailed)] : []),
        ...(withoutAddress.length > 0 ? [texts.notMailed(withoutAddress)] : []),
      ])
    })

  useBooksPreselect(books.data, {
    close: (show) => askClose('shows', { show }),
    statements: () => askStatements('all'),
  })

  /** The question asked at `where`, if that is where the host asked. */
  const question = (where: string): ReactNode => {
    if (asked?.where !== where) return null
    if (asked.kind === 'payout') {
      return (
        <PayoutForm
          comic={asked.comic}
          onDone={(message) => done([message])}
          onCancel={() => setAsked(undefined)}
        />
      )
    }
    return (
      <BookConfirm
        asked={asked}
        busy={busy}
        onClose={close}
        onSend={sendStatements}
        onCancel={() => setAsked(undefined)}
      />
    )
  }

  return (
    <div className="console-page console-books">
      <ConsolePageHead page="books" />
      <p>{texts.intro}</p>
      {notice.length > 0 && (
        <SuccessNotice>
          {notice.map((line, i) => (
            <span key={line} className="console-books-line">
              {i > 0 && ' '}
              {line}
            </span>
          ))}
        </SuccessNotice>
      )}
      {error && <ErrorNotice error={error} />}
      <Loaded state={books}>
        {(data) => (
          <>
            <section aria-labelledby="books-shows">
              <h2 id="books-shows">{texts.showsHeading}</h2>
              {question('shows')}
              <DataTable
                caption={texts.showsHeading}
                busy={books.loading}
                rows={data.openShows}
                rowKey={(s) => s.show.id}
                empty={texts.showsEmpty}
                columns={[
                  {
                    header: 'Show',
                    cell: (s) => (
                      <>
                        <strong>{s.show.name}</strong>
                        <br />
                        <TimeText iso={s.show.startsAt} />
                      </>
                    ),
                  },
                  {
                    header: 'Money in',
                    numeric: true,
                    cell: (s) => <Money cents={s.moneyCents} />,
                  },
                  {
                    header: 'To the comics',
                    numeric: true,
                    cell: (s) => <Money cents={s.comicsCents} />,
                  },
                  {
                    header: 'Settle',
                    cell: (s) => (
                      <button
                        type="button"
                        className="button button-secondary button-small"
                        disabled={busy}
                        onClick={() => askClose('shows', { show: s.show.id })}
                      >
                        Settle<span className="visually-hidden"> {s.show.name}</span>
                      </button>
                    ),
                  },
                ]}
              />
            </section>

            <section aria-labelledby="books-months">
              <h2 id="books-months">{texts.monthsHeading}</h2>
              <p className="muted">{texts.monthsHint}</p>
              {question('months')}
              <DataTable
                caption={texts.monthsHeading}
                busy={books.loading}
                rows={data.months}
                rowKey={(m) => m.month}
                empty={texts.monthsEmpty}
                columns={[
                  {
                    header: 'Month',
                    cell: (m) => <span className="console-money">{readableMonth(m.month)}</span>,
                  },
                  { header: 'Shows', numeric: true, cell: (m) => m.shows },
                  { header: 'Open', numeric: true, cell: (m) => m.open },
                  {
                    header: 'To the comics',
                    numeric: true,
                    cell: (m) => <Money cents={m.comicsCents} />,
                  },
                  {
                    header: 'Close',
                    cell: (m) => (
                      <button
                        type="button"
                        className="button button-secondary button-small"
                        disabled={busy}
                        onClick={() => askClose('months', { month: m.month })}
                      >
                        Close <span className="console-money">{readableMonth(m.month)}</span>
                      </button>
                    ),
                  },
                ]}
              />
            </section>

            <section aria-labelledby="books-comics">
              <div className="console-page-head">
                <h2 id="books-comics">{texts.comicsHeading}</h2>
                <button
                  type="button"
                  className="button button-secondary"
                  disabled={busy || data.comics.length === 0}
                  onClick={() => askStatements('all')}
                  aria-describedby="books-send-all-hint"
                >
                  Send every statement
                </button>
              </div>
              <p className="muted" id="books-send-all-hint">
                {texts.sendAllHint}
              </p>
              {question('all')}
              {data.comics.length === 0 ? (
                <p className="console-empty">{texts.comicsEmpty}</p>
              ) : (
                <ul className="console-books-comics">
                  {data.comics.map((comic) => (
                    <li key={comic.id} className="card">
                      <h3>{comic.name}</h3>
                      <p className="console-books-owed">
                        Owed <Money cents={comic.stillOwedCents} />
                      </p>
                      {comic.pendingCents !== 0 && (
                        <p className="muted">{texts.pending(comic.pendingCents)}</p>
                      )}
                      {!comic.hasPayoutAddress && <p className="muted">{texts.noAddress}</p>}
                      <div className="cluster">
                        <button
                          type="button"
                          className="button button-small"
                          disabled={busy}
                          onClick={() => {
                            setNotice([])
                            setError(undefined)
                            setAsked({ kind: 'payout', where: comic.id, comic })
                          }}
                        >
                          Record a payout<span className="visually-hidden"> to {comic.name}</span>
                        </button>
                        <button
                          type="button"
                          className="button button-secondary button-small"
                          disabled={busy || !comic.hasPayoutAddress}
                          onClick={() => askStatements(comic.id, comic.id)}
                        >
                          Send statement<span className="visually-hidden"> to {comic.name}</span>
                        </button>
                      </div>
                      {question(comic.id)}
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </>
        )}
      </Loaded>
    </div>
  )
}
