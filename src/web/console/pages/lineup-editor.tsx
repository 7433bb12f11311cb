import { useEffect, useId, useState } from 'react'
import {
  type ComicPublic,
  type ComicRole,
  comicLimits,
  comicRoles,
  comicRoleWords,
  type LineupEntry,
} from '../../../shared/comics'
import { asConsoleError, ConsoleError } from '../console-calls'
import { useConsoleSession } from '../console-session'
import { ErrorNotice, Loading } from '../console-ui'
import { useAction } from '../use-action'
import { comicConsoleTexts as texts } from './comics-texts'
import './stage-lineup.css'
import { useFocusedHeading } from '../use-focused-heading'

interface Place {
  comic: Pick<ComicPublic, 'id' | 'name' | 'slug'>
  role: ComicRole
  /** As typed; read as whole minutes on Save. */
  minutes: string
}

const placeOf = (entry: LineupEntry): Place => ({
  comic: entry.comic,
  role: entry.role,
  minutes: String(entry.setMinutes),
})

function minutesOf(place: Place): number | undefined {
  const minutes = Number(place.minutes)
  return Number.isInteger(minutes) && minutes >= 1 && minutes <= comicLimits.setMinutesMax
    ? minutes
    : undefined
}

/**
 * A show's bill in running order, edited with buttons (up, down, remove: no dragging, so a phone
 * does it as well as a mouse) and saved whole (lineup.set).
 */
export function LineupEditor(props: {
  showId: string
  showName: string
  onSaved?: () => void
  /** Opened from a list (Shows): it comes into view, its heading read first. */
  focusOnOpen?: boolean
}) {
  const id = useId()
  const heading = useFocusedHeading(props.focusOnOpen)
  const { run } = useConsoleSession()
  const lineup = useAction('lineup.show', { show: props.showId })
  const roster = useAction('comics.list', { all: false })
  const [draft, setDraft] = useState<Place[] | null>(null)
  const [busy, setBusy] = useState(false)
  const [notice, setNotice] = useState('')
  const [error, setError] = useState<ConsoleError>()
  const [moved, setMoved] = useState<{ comicId: string; button: 'up' | 'down' } | null>(null)
  const places = draft ?? lineup.data?.entries.map(placeOf) ?? []

  // A moved row's button keeps the focus, or its twin once the row reaches an end.
  useEffect(() => {
    if (!moved) return
    const button = (which: string) =>
      document.getElementById(`${id}-${moved.comicId}-${which}`) as HTMLButtonElement | null
    const same = button(moved.button)
    ;(same && !same.disabled ? same : button(moved.button === 'up' ? 'down' : 'up'))?.focus()
  }, [moved, id])

  const change = (next: Place[] | null) => {
    setDraft(next)
    setNotice('')
    setError(undefined)
  }
  const move = (index: number, by: -1 | 1) => {
    const next = [...places]
    const [place] = next.splice(index, 1)
    if (!place) return
    next.splice(index + by, 0, place)
    change(next)
    setMoved({ comicId: place.comic.id, button: by < 0 ? 'up' : 'down' })
    setNotice(texts.moved(place.comic.name, index + by + 1, next.length))
  }
  const edit = (index: number, fields: Partial<Place>) =>
    change(places.map((place, i) => (i === index ? { ...place, ...fields } : place)))

  const onAdd = (form: HTMLFormElement) => {
    const data = new FormData(form)
    const comic = roster.data?.find((c) => c.id === data.get('comic'))
    const role = comicRoles.find((r) => r === data.get('role')) ?? 'feature'
    if (!comic) return
    change([
      ...places,
      { comic, role, minutes: String(data.get('minutes') || comicLimits.defaultSetMinutes) },
    ])
    setNotice(texts.addedToLineup(comic.name, places.length + 1))
    form.reset()
  }

  const onSave = async () => {
    const bad = places.find((place) => minutesOf(place) === undefined)
    if (bad) {
      setError(new ConsoleError(0, texts.badMinutes(bad.comic.name)))
      return
    }
    setBusy(true)
    setError(undefined)
    setNotice('')
    try {
      const saved = await run('lineup.set', {
        show: props.showId,
        places: places.map((p) => ({ comic: p.comic.id, role: p.role, setMinutes: minutesOf(p) })),
      })
      setDraft(null)
      lineup.reload()
      setNotice(saved.changed ? texts.lineupSaved(saved.lineup.showName) : texts.lineupUnchanged)
      props.onSaved?.()
    } catch (failure) {
      setError(asConsoleError(failure))
    } finally {
      setBusy(false)
    }
  }

  const free = (roster.data ?? []).filter((c) => !places.some((p) => p.comic.id === c.id))
  const loadError = lineup.error ?? roster.error
  return (
    <section className="console-lineup" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
        Lineup: {props.showName}
      </h2>
      {loadError && (
        <ErrorNotice error={loadError} onRetry={lineup.error ? lineup.reload : roster.reload} />
      )}
      {!lineup.data && !loadError && <Loading />}
      {lineup.data && places.length === 0 && <p className="console-empty">{texts.lineupEmpty}</p>}
      {places.length > 0 && (
        <ol className="console-lineup-list">
          {places.map((place, index) => {
            const row = `${id}-${place.comic.id}`
            return (
              <li key={place.comic.id} className="card">
                <p className="console-lineup-name">
                  <span className="console-lineup-position">{index + 1}</span> {place.comic.name}
                </p>
                <div className="console-lineup-fields">
                  <div className="field">
                    <label htmlFor={`${row}-role`}>Role</label>
                    <select
                      id={`${row}-role`}
                      aria-label={texts.roleFor(place.comic.name)}
                      value={place.role}
                      onChange={(event) =>
                        edit(index, {
                          role: comicRoles.find((r) => r === event.target.value) ?? place.role,
                        })
                      }
                    >
                      {comicRoles.map((role) => (
                        <option key={role} value={role}>
                          {comicRoleWords[role]}
                        </option>
                      ))}
                    </select>
                  </div>
                  <div className="field">
                    <label htmlFor={`${row}-minutes`}>Minutes</label>
                    <input
                      id={`${row}-minutes`}
                      aria-label={texts.minutesFor(place.comic.name)}
                      type="number"
                      inputMode="numeric"
                      min={1}
                      max={comicLimits.setMinutesMax}
                      value={place.minutes}
                      aria-invalid={minutesOf(place) === undefined || undefined}
                      onChange={(event) => edit(index, { minutes: event.target.value })}
                    />
                  </div>
                </div>
                <div className="console-lineup-buttons">
                  <button
                    id={`${row}-up`}
                    type="button"
                    className="button button-secondary button-small"
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                  >
                    Up<span className="visually-hidden">: move {place.comic.name} earlier</span>
                  </button>
                  <button
                    id={`${row}-down`}
                    type="button"
                    className="button button-secondary button-small"
                    disabled={index === places.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    Down<span className="visually-hidden">: move {place.comic.name} later</span>
                  </button>
                  <button
                    type="button"
                    className="button button-secondary button-small"
                    onClick={() => change(places.filter((_, i) => i !== index))}
                  >
                    Remove<span className="visually-hidden"> {place.comic.name}</span>
                  </button>
                </div>
              </li>
            )
          })}
        </ol>
      )}
      {roster.data && (
        <form
          className="card console-lineup-add"
          onSubmit={(event) => {
            event.preventDefault()
            onAdd(event.currentTarget)
          }}
        >
          <h3>Add a comic</h3>
          {free.length === 0 ? (
            <p className="console-empty">{texts.rosterEmpty}</p>
          ) : (
            <>
              <div className="console-lineup-fields">
                <div className="field">
                  <label htmlFor={`${id}-add-comic`}>Comic</label>
                  <select id={`${id}-add-comic`} name="comic">
                    {free.map((comic) => (
                      <option key={comic.id} value={comic.id}>
                        {comic.name}
                      </option>
                    ))}
                  </select>
                </div>
                <div className="field">
                  <label htmlFor={`${id}-add-role`}>Role</label>
                  <select id={`${id}-add-role`} name="role" defaultValue="feature">
                    {comicRoles.map((role) => (
                      <option key={role} value={role}>
                        {comicRoleWords[role]}
                      </option>
                    ))}
                  </select>
                </div>
                <div className="field">
                  <label htmlFor={`${id}-add-minutes`}>Minutes</label>
                  <input
                    id={`${id}-add-minutes`}
                    name="minutes"
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={comicLimits.setMinutesMax}
                    defaultValue={comicLimits.defaultSetMinutes}
                  />
                </div>
              </div>
              <button type="submit" className="button button-secondary">
                Add to the lineup
              </button>
            </>
          )}
        </form>
      )}
      <p className="console-lineup-status" role="status">
        {notice || (draft ? texts.lineupUnsaved : '')}
      </p>
      {error && <ErrorNotice error={error} />}
      <div className="cluster">
        <button type="button" className="button" onClick={onSave} disabled={busy || !draft}>
          Save the lineup
        </button>
        {draft && (
          <button type="button" className="button button-secondary" onClick={() => change(null)}>
            Undo changes
          </button>
        )}
      </div>
    </section>
  )
}
