import { type FormEvent, useId, useState } from 'react'
import { centralTimeInput, readCentralTime } from '../../../shared/central-time'
import { consolePageTexts } from '../../../shared/console'
import type { EventView } from '../../../shared/operator-views'
import { readableTime } from '../../../shared/readable-time'
import type { ConsoleError } from '../console-calls'
import { ErrorNotice } from '../console-ui'
import { hostTime } from '../format'

export interface ShowFields {
  name: string
  /** ISO instant. */
  startsAt: string
  description: string
}

/**
 * Adding or editing a show: its start typed once, in Central time ("2026-12-01 20:00", as on the
 * command line), read back in words, and on the host's own clock when that differs. Whether it is
 * an open mic is asked here too: "Make it an open mic" (docs/console.md, "What each page does").
 */
export function ShowForm(props: {
  event?: EventView | undefined
  busy: boolean
  error?: ConsoleError | undefined
  onSave: (fields: ShowFields, also: { openMic: boolean }) => void
  onCancel: () => void
  /** Editing: opens the show's open-mic panel (to make it one, or to run it). */
  openMic?: { isOne: boolean; onOpen: () => void } | undefined
}) {
  const id = useId()
  const [start, setStart] = useState(
    props.event ? centralTimeInput(new Date(props.event.startsAt)) : '',
  )
  const [startError, setStartError] = useState('')
  const reading = readCentralTime(start)

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    if (!reading.ok) {
      setStartError(reading.message)
      document.getElementById(`${id}-start`)?.focus()
      return
    }
    setStartError('')
    props.onSave(
      {
        name: String(data.get('name') ?? '').trim(),
        startsAt: reading.instant.toISOString(),
        description: String(data.get('description') ?? '').trim(),
      },
      { openMic: data.get('openMic') === 'on' },
    )
  }

  const own = reading.ok ? hostTime(reading.instant) : null
  const heading = props.event ? `Edit “${props.event.name}”` : 'Add a show'
  return (
    <section className="card console-show-form" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{heading}</h2>
      <form onSubmit={onSubmit} noValidate>
        <div className="field">
          <label htmlFor={`${id}-name`}>Name</label>
          <input
            id={`${id}-name`}
            name="name"
            required
            defaultValue={props.event?.name ?? ''}
            autoComplete="off"
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-start`}>Starts (Central time)</label>
          <input
            id={`${id}-start`}
            name="start"
            required
            inputMode="numeric"
            autoComplete="off"
            placeholder="2026-12-01 20:00"
            value={start}
            onChange={(event) => setStart(event.target.value)}
            aria-invalid={startError ? true : undefined}
            aria-describedby={`${id}-start-hint ${id}-start-reading`}
          />
          <p id={`${id}-start-hint`} className="field-hint">
            {consolePageTexts.shows.startHint}
          </p>
          <p id={`${id}-start-reading`} className="field-hint" aria-live="polite">
            {startError ? (
              <span className="console-field-error">{startError}</span>
            ) : reading.ok ? (
              <>
                {readableTime(reading.instant)}
                {own && <> · your time: {own}</>}
              </>
            ) : null}
          </p>
        </div>
        <div className="field">
          <label htmlFor={`${id}-description`}>Description</label>
          <textarea
            id={`${id}-description`}
            name="description"
            defaultValue={props.event?.description ?? ''}
            aria-describedby={`${id}-description-hint`}
          />
          <p id={`${id}-description-hint`} className="field-hint">
            {consolePageTexts.shows.descriptionHint}
          </p>
        </div>
        {!props.event && (
          <label className="console-check">
            <input type="checkbox" name="openMic" />
            {consolePageTexts.shows.makeOpenMic}
          </label>
        )}
        {props.error && <ErrorNotice error={props.error} />}
        <div className="cluster">
          <button className="button" type="submit" disabled={props.busy}>
            {props.event ? 'Save changes' : 'Add the show'}
          </button>
          <button className="button button-secondary" type="button" onClick={props.onCancel}>
            Cancel
          </button>
          {props.openMic && (
            <button
              className="button button-secondary"
              type="button"
              onClick={props.openMic.onOpen}
            >
              {props.openMic.isOne ? 'Open-mic sign-up' : 'Make it an open mic'}
            </button>
          )}
        </div>
      </form>
    </section>
  )
}
