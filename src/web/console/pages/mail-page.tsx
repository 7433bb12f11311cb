import { useState } from 'react'
import { consolePageTexts, consoleTexts } from '../../../shared/console'
import { asConsoleError, type ConsoleError } from '../console-calls'
import { useConsoleSession } from '../console-session'
import { ConsolePageHead, ErrorNotice, SuccessNotice, TimeText } from '../console-ui'
import { consolePageSize, PagedTable, useListParams } from '../list-controls'
import { useAction } from '../use-action'

/** Mail that failed for good, or still waits to be sent: retry one or all of the failed. */
export function MailPage() {
  const { run } = useConsoleSession()
  const { params, page, update } = useListParams()
  const state = params.get('state') === 'pending' ? 'pending' : 'failed'
  const list = useAction('mail.list', { state, page, pageSize: consolePageSize })
  const [busy, setBusy] = useState(false)
  const [notice, setNotice] = useState('')
  const [error, setError] = useState<ConsoleError>()

  const retry = async (which: { id: number } | { all: true }) => {
    setBusy(true)
    setNotice('')
    setError(undefined)
    try {
      const { count } = await run('mail.retry', which)
      setNotice(consoleTexts.mailRetried(count))
      list.reload()
    } catch (failure) {
      setError(asConsoleError(failure))
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="console-page">
      <ConsolePageHead page="mail">
        {state === 'failed' && (list.data?.total ?? 0) > 0 && (
          <button
            type="button"
            className="button"
            onClick={() => retry({ all: true })}
            disabled={busy}
          >
            Retry all failed mail
          </button>
        )}
      </ConsolePageHead>
      <fieldset className="console-choice console-tabs">
        <legend className="label">Which mail</legend>
        <label className="console-check">
          <input
            type="radio"
            name="state"
            checked={state === 'failed'}
            onChange={() => update({ state: null })}
          />
          Failed
        </label>
        <label className="console-check">
          <input
            type="radio"
            name="state"
            checked={state === 'pending'}
            onChange={() => update({ state: 'pending' })}
          />
          Waiting to be sent
        </label>
      </fieldset>
      {notice && <SuccessNotice>{notice}</SuccessNotice>}
      {error && <ErrorNotice error={error} />}
      <PagedTable
        list={list}
        noun="mails"
        caption={state === 'failed' ? 'Failed mail' : 'Mail waiting to be sent'}
        rowKey={(mail) => mail.id}
        empty={
          state === 'failed' ? consolePageTexts.mail.noFailed : consolePageTexts.mail.noneWaiting
        }
        columns={[
          { header: 'To', cell: (mail) => mail.to },
          { header: 'Subject', cell: (mail) => mail.subject },
          { header: 'Queued', cell: (mail) => <TimeText iso={mail.createdAt} /> },
          { header: 'Attempts', numeric: true, cell: (mail) => mail.attempts },
          {
            header: state === 'failed' ? 'Why it failed' : 'Next attempt',
            cell: (mail) =>
              state === 'failed' ? (
                (mail.lastError ?? '—')
              ) : (
                <>
                  <TimeText iso={mail.nextAttemptAt} />
                  {mail.lastError && <span className="console-own-time"> {mail.lastError}</span>}
                </>
              ),
          },
          ...(state === 'failed'
            ? [
                {
                  header: 'Retry',
                  cell: (mail: { id: number; subject: string }) => (
                    <button
                      type="button"
                      className="button button-secondary button-small"
                      onClick={() => retry({ id: mail.id })}
                      disabled={busy}
                    >
                      Retry
                      <span className="visually-hidden">
                        {' '}
                        mail {mail.id}: {mail.subject}
                      </span>
                    </button>
                  ),
                },
              ]
            : []),
        ]}
      />
    </div>
  )
}
