import { useState } from 'react'
import { type ComicValues, comicFields } from '../../../shared/comic-fields'
import { type ComicView, comicPath } from '../../../shared/comics'
import { changedFrom, filledIn } from '../../../shared/entity-fields'
import { asConsoleError, type ConsoleError } from '../console-calls'
import { useConsoleSession } from '../console-session'
import { ConsolePageHead, DataTable, ErrorNotice, StateTag, SuccessNotice } from '../console-ui'
import { Loaded, useListParams } from '../list-controls'
import { useAction } from '../use-action'
import { ComicForm, fieldsOf } from './comic-form'
import { ComicPicture } from './comic-picture-form'
import { comicConsoleTexts as texts } from './comics-texts'
import './comics.css'

type Editing = { kind: 'add' } | { kind: 'edit'; comic: ComicView } | null

/**
 * The roster (docs/comics.md): add a comic, edit one and its picture, archive one or bring them
 * back. Archived comics are listed on demand.
 */
export function ComicsPage() {
  const { run } = useConsoleSession()
  const { params, update } = useListParams()
  const all = params.get('all') === '1'
  const list = useAction('comics.list', { all })
  const [editing, setEditing] = useState<Editing>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<ConsoleError>()
  const [notice, setNotice] = useState('')

  const step = async (work: () => Promise<string>) => {
    setBusy(true)
    setError(undefined)
    setNotice('')
    try {
      setNotice(await work())
      setEditing(null)
      list.reload()
    } catch (failure) {
      setError(asConsoleError(failure))
    } finally {
      setBusy(false)
    }
  }

  const onSave = (fields: ComicValues) =>
    step(async () => {
      if (editing?.kind !== 'edit') {
        // What was filled in; left empty, the roster's own (a slug from the name...).
        const { comic } = await run('comics.add', {
          ...filledIn(comicFields, fields),
          name: fields.name,
        })
        return texts.added(comic.name)
      }
      const changes = changedFrom(comicFields, fieldsOf(editing.comic), fields)
      if (Object.keys(changes).length === 0) return texts.unchanged
      const { comic } = await run('comics.edit', { comic: editing.comic.id, ...changes })
      return texts.saved(comic.name)
    })

  const onArchive = (comic: ComicView, archive: boolean) =>
    step(async () => {
      if (archive) {
        const done = await run('comics.archive', { comic: comic.id })
        return texts.archived(done.comic.name)
      }
      const done = await run('comics.edit', { comic: comic.id, archived: false })
      return texts.unarchived(done.comic.name)
    })

  const onLock = (comic: ComicView, lock: boolean) =>
    step(async () => {
      const done = await run('comics.lock', { comic: comic.id, unlock: !lock })
      return (lock ? texts.locked : texts.unlocked)(done.comic.name)
    })

  const onUndo = (comic: ComicView) =>
    step(async () => {
      const done = await run('comics.undo', { comic: comic.id })
      return texts.undone(done.comic.name, done.fields.join(', '))
    })

  const open = (next: Editing) => {
    setError(undefined)
    setNotice('')
    setEditing(next)
  }

  return (
    <div className="console-page">
      <ConsolePageHead page="comics">
        <button type="button" className="button" onClick={() => open({ kind: 'add' })}>
          Add a comic
        </button>
      </ConsolePageHead>
      {notice && <SuccessNotice>{notice}</SuccessNotice>}
      {editing && (
        <ComicForm
          key={editing.kind === 'edit' ? editing.comic.id : 'add'}
          comic={editing.kind === 'edit' ? editing.comic : undefined}
          busy={busy}
          error={error}
          onSave={onSave}
          onCancel={() => open(null)}
        />
      )}
      {editing?.kind === 'edit' && (
        <ComicPicture
          key={`picture-${editing.comic.id}`}
          comic={editing.comic}
          onSaved={list.reload}
        />
      )}
      {!editing && error && <ErrorNotice error={error} />}
      <label className="console-check">
        <input
          type="checkbox"
          checked={all}
          onChange={(event) => update({ all: event.target.checked ? '1' : null })}
        />
        Show archived comics too
      </label>
      <Loaded state={list}>
        {(comics) => (
          <DataTable
            caption="The roster"
            busy={list.loading}
            rows={comics}
            rowKey={(comic) => comic.id}
            empty={all ? texts.emptyArchived : texts.empty}
            columns={[
              {
                header: 'Comic',
                cell: (comic) => (
                  <div className="console-comic-name">
                    {comic.pictureUrl && (
                      <img src={comic.pictureUrl} alt="" width={40} height={40} />
                    )}
                    <span>
                      <strong>{comic.name}</strong>{' '}
                      {comic.archived && <StateTag state="archived" label="Archived" />}
                      <br />
                      <code>{comicPath(comic.slug)}</code>
                    </span>
                  </div>
                ),
              },
              {
                header: 'VRChat',
                cell: (comic) =>
                  !comic.vrchatName
                    ? '—'
                    : comic.vrchatPublic
                      ? comic.vrchatName
                      : texts.vrchatPrivate(comic.vrchatName),
              },
              {
                header: 'Payout',
                cell: (comic) => (
                  <span className="console-comic-payout">{comic.payoutEmail ?? '—'}</span>
                ),
              },
              {
                header: 'Actions',
                cell: (comic) => (
                  <div className="cluster">
                    <button
                      type="button"
                      className="button button-secondary button-small"
                      onClick={() => open({ kind: 'edit', comic })}
                    >
                      Edit<span className="visually-hidden"> {comic.name}</span>
                    </button>
                    <button
                      type="button"
                      className="button button-secondary button-small"
                      onClick={() => onArchive(comic, !comic.archived)}
                      disabled={busy}
                    >
                      {comic.archived ? 'Bring back' : 'Archive'}
                      <span className="visually-hidden"> {comic.name}</span>
                    </button>
                    <button
                      type="button"
                      className="button button-secondary button-small"
                      onClick={() => onLock(comic, !comic.locked)}
                      disabled={busy}
                    >
                      {comic.locked ? 'Unlock page' : 'Lock page'}
                      <span className="visually-hidden"> of {comic.name}</span>
                    </button>
                    <button
                      type="button"
                      className="button button-secondary button-small"
                      onClick={() => onUndo(comic)}
                      disabled={busy}
                    >
                      Undo their last change
                      <span className="visually-hidden"> ({comic.name})</span>
                    </button>
                  </div>
                ),
              },
            ]}
          />
        )}
      </Loaded>
    </div>
  )
}
