import { useState } from 'react'
import { consolePageTexts } from '../../../shared/console'
import type { EventView, ShowListRow } from '../../../shared/operator-views'
import { readableTime } from '../../../shared/readable-time'
import { asConsoleError, type ConsoleError } from '../console-calls'
import { useConsoleSession } from '../console-session'
import {
  ConsolePageHead,
  ErrorNotice,
  StateTag,
  SuccessNotice,
  TimeText,
  Value,
} from '../console-ui'
import { consolePageSize, PagedTable, SearchForm, useListParams } from '../list-controls'
import { useAction } from '../use-action'
import { LineupEditorLazy as LineupEditor } from './lineup-editor-lazy'
import { OpenMicPanelLazy as OpenMicPanel } from './open-mic-lazy'
import { type CancelChoice, describe, type Pending, ShowChangeConfirm } from './show-change-confirm'
import { showChangeTexts } from './show-change-texts'
import { type ShowFields, ShowForm } from './show-form'

type Editing =
  | { kind: 'add' }
  | { kind: 'edit'; event: ShowListRow }
  | { kind: 'lineup'; event: EventView }
  | { kind: 'open-mic'; event: EventView }
  | null

/** The events table: add, edit, remove, each change to a sold show said before it is made. */
export function ShowsPage() {
  const { run } = useConsoleSession()
  const { params, page, search, update } = useListParams()
  const all = params.get('all') === '1'
  const list = useAction('events.list', {
    all,
    ...(search ? { search } : {}),
    page,
    pageSize: consolePageSize,
  })
  const [editing, setEditing] = useState<Editing>(null)
  const [pending, setPending] = useState<Pending | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<ConsoleError>()
  const [notice, setNotice] = useState('')

  /** Runs a step; a refusal is shown where the host is looking, and nothing else changes. */
  const step = async (work: () => Promise<void>) => {
    setBusy(true)
    setError(undefined)
    setNotice('')
    try {
      await work()
    } catch (failure) {
      setError(asConsoleError(failure))
    } finally {
      setBusy(false)
    }
  }
  const done = (message: string) => {
    setEditing(null)
    setPending(null)
    setNotice(message)
    list.reload()
  }

  const onSave = (fields: ShowFields, also: { openMic: boolean }) =>
    step(async () => {
      if (editing?.kind !== 'edit') {
        const { event } = await run('events.add', fields)
        done(consolePageTexts.shows.added(describe(event)))
        // "Make it an open mic": its panel next, for the slots and the sign-up window.
        if (also.openMic) setEditing({ kind: 'open-mic', event })
        return
      }
      const was = editing.event
      const changes: Partial<ShowFields> = {
        ...(fields.name === was.name ? {} : { name: fields.name }),
        ...(fields.description === was.description ? {} : { description: fields.description }),
        ...(Date.parse(fields.startsAt) === Date.parse(was.startsAt)
          ? {}
          : { startsAt: fields.startsAt }),
      }
      if (Object.keys(changes).length === 0) return done(consolePageTexts.shows.unchanged)
      if (changes.startsAt === undefined) {
        const { event } = await run('events.edit', { id: was.id, ...changes })
        return done(consolePageTexts.shows.saved(describe(event)))
      }
      const impact = await run('events.impact', { id: was.id })
      setPending({ kind: 'move', event: was, changes, impact })
    })

  const onRemove = (event: EventView) =>
    step(async () => {
      setEditing(null)
      const impact = await run('events.impact', { id: event.id })
      setPending({ kind: 'remove', event, impact })
    })

  const onConfirm = (codes: CancelChoice | undefined) =>
    step(async () => {
      if (!pending) return
      if (pending.kind === 'move') {
        const { event, mailed } = await run('events.edit', {
          id: pending.event.id,
          ...pending.changes,
        })
        return done(
          `${consolePageTexts.shows.moved(event.name, readableTime(new Date(event.startsAt)))}${showChangeTexts.mailed(mailed ?? 0)}`,
        )
      }
      const removed = await run('events.remove', {
        id: pending.event.id,
        ...(codes ? { codes } : {}),
      })
      done(
        `${consolePageTexts.shows.removed(describe(removed.event))}${showChangeTexts.mailed(removed.mailed ?? 0)}${showChangeTexts.removedCodes(removed)}`,
      )
    })

  const cancel = () => {
    setEditing(null)
    setPending(null)
    setError(undefined)
  }

  return (
    <div className="console-page">
      <ConsolePageHead page="shows">
        <button
          type="button"
          className="button"
          onClick={() => {
            cancel()
            setEditing({ kind: 'add' })
          }}
        >
          Add a show
        </button>
      </ConsolePageHead>
      {notice && <SuccessNotice>{notice}</SuccessNotice>}
      {editing?.kind === 'lineup' && (
        <div className="stack">
          <LineupEditor
            key={`lineup-${editing.event.id}`}
            showId={editing.event.id}
            showName={describe(editing.event)}
            focusOnOpen
          />
          <button type="button" className="button button-secondary" onClick={cancel}>
            Hide the lineup editor
          </button>
        </div>
      )}
      {editing?.kind === 'open-mic' && (
        <div className="stack">
          <OpenMicPanel
            key={`open-mic-${editing.event.id}`}
            showId={editing.event.id}
            showName={describe(editing.event)}
            focusOnOpen
          />
          <button type="button" className="button button-secondary" onClick={cancel}>
            Hide the open-mic panel
          </button>
        </div>
      )}
      {(editing?.kind === 'add' || editing?.kind === 'edit') && (
        <ShowForm
          key={editing.kind === 'edit' ? editing.event.id : 'add'}
          event={editing.kind === 'edit' ? editing.event : undefined}
          busy={busy}
          error={pending ? undefined : error}
          onSave={onSave}
          onCancel={cancel}
          openMic={
            editing.kind === 'edit'
              ? {
                  isOne: editing.event.openMic,
                  onOpen: () => setEditing({ kind: 'open-mic', event: editing.event }),
                }
              : undefined
          }
        />
      )}
      {pending && (
        <ShowChangeConfirm
          pending={pending}
          busy={busy}
          error={error}
          onConfirm={onConfirm}
          onCancel={cancel}
        />
      )}
      {!editing && !pending && error && <ErrorNotice error={error} />}
      <SearchForm label="Search shows by name" value={search} onSearch={(q) => update({ q })}>
        <label className="console-check">
          <input
            type="checkbox"
            checked={all}
            onChange={(event) => update({ all: event.target.checked ? '1' : null })}
          />
          Show past shows too
        </label>
      </SearchForm>
      <PagedTable
        list={list}
        noun="shows"
        caption="Shows"
        rowKey={(event) => event.id}
        empty={search ? consolePageTexts.shows.noMatch : consolePageTexts.shows.empty}
        columns={[
          {
            header: 'Show',
            cell: (event) => (
              <>
                <strong>{event.name}</strong>{' '}
                {event.source === 'regular' && <StateTag state="regular" label="Regular" />}{' '}
                {event.openMic && <StateTag state="open-mic" label="Open mic" />}{' '}
                {event.over && <StateTag state="ended" label="Over" />}
              </>
            ),
          },
          { header: 'Starts', cell: (event) => <TimeText iso={event.startsAt} /> },
          {
            header: 'Codes sold',
            numeric: true,
            cell: (event) => <Value>{event.codesSold}</Value>,
          },
          {
            header: 'Lineup',
            // (An answer without a lineup, an older server's, reads as none.)
            cell: (event) => event.lineup?.join(', ') || 'No lineup yet',
          },
          {
            header: 'Actions',
            cell: (event) => (
              <div className="cluster">
                <button
                  type="button"
                  className="button button-secondary button-small"
                  onClick={() => {
                    cancel()
                    setEditing({ kind: 'edit', event })
                  }}
                >
                  Edit<span className="visually-hidden"> {describe(event)}</span>
                </button>
                <button
                  type="button"
                  className="button button-secondary button-small"
                  onClick={() => {
                    cancel()
                    setEditing({ kind: 'lineup', event })
                  }}
                >
                  Lineup<span className="visually-hidden"> {describe(event)}</span>
                </button>
                {event.openMic && (
                  <button
                    type="button"
                    className="button button-secondary button-small"
                    onClick={() => {
                      cancel()
                      setEditing({ kind: 'open-mic', event })
                    }}
                  >
                    Open mic<span className="visually-hidden"> {describe(event)}</span>
                  </button>
                )}
                <button
                  type="button"
                  className="button button-secondary button-small button-danger"
                  onClick={() => onRemove(event)}
                  disabled={busy}
                >
                  Remove<span className="visually-hidden"> {describe(event)}</span>
                </button>
              </div>
            ),
          },
        ]}
      />
    </div>
  )
}
