import { useEffect, useId, useRef, useState } from 'react'
import type { StageChange, StageView } from '../../../shared/comics'
import { asConsoleError, type ConsoleError } from '../console-calls'
import { useConsoleSession } from '../console-session'
import { ErrorNotice, Loading, SuccessNotice } from '../console-ui'
import { useAction, useWhileVisible } from '../use-action'
import { comicConsoleTexts as texts } from './comics-texts'
import { SetTimer } from './set-timer'
import { showNightTexts } from './show-night-texts'
import './stage-lineup.css'

/**
 * Who is on stage, and the one big control that changes it (docs/comics.md, "Running the
 * stage"): Next in running order, any comic of the roster on, or Pause (an intermission). Each
 * tap is one action; two phones tapping at once cannot put two comics on (the server holds the
 * show). On show night the set's timer, its boosts, Next and Pause sit in a bar stuck to the
 * foot of the screen (docs/console.md, "Show night").
 */
export function OnStage(props: {
  showId: string
  refreshMs: number
  lineupVersion: number
  /** The show is on: the bar sticks to the foot of the screen. */
  showNight?: boolean
  /** The boosts of the set on now, as Tonight last read them. */
  setBoosts?: number | null
  /** After a change of the stage: Tonight reads its figures again. */
  onChange?: () => void
}) {
  const id = useId()
  const { run } = useConsoleSession()
  const stage = useAction('stage.show', { show: props.showId })
  const roster = useAction('comics.list', { all: false })
  useWhileVisible(stage.reload, props.refreshMs)
  // What the last tap answered, until the next read of the stage replaces it.
  const [latest, setLatest] = useState<{ over: StageView | undefined; view: StageView }>()
  const [busy, setBusy] = useState(false)
  const [notice, setNotice] = useState('')
  const [error, setError] = useState<ConsoleError>()
  // "Any comic" starts empty: nothing goes on stage from a stray tap.
  const [pick, setPick] = useState('')
  const firstVersion = useRef(props.lineupVersion)

  // A saved lineup changes who is next.
  useEffect(() => {
    if (props.lineupVersion !== firstVersion.current) stage.reload()
  }, [props.lineupVersion, stage.reload])

  const tap = async (change: () => Promise<StageChange>) => {
    setBusy(true)
    setNotice('')
    setError(undefined)
    try {
      const answer = await change()
      setLatest({ over: stage.data, view: answer.stage })
      if (!answer.changed) setNotice(texts.stageUnchanged)
      props.onChange?.()
      return true
    } catch (failure) {
      setError(asConsoleError(failure))
      return false
    } finally {
      setBusy(false)
    }
  }

  const view = latest && latest.over === stage.data ? latest.view : stage.data
  const onStage = view?.onStage ?? null
  const show = props.showId
  const planned = onStage
    ? (view?.lineup.find((entry) => entry.comic.id === onStage.comic.id)?.setMinutes ?? null)
    : null
  const choices = [
    ...(view?.lineup.map((entry) => entry.comic) ?? []),
    ...(roster.data ?? []).filter((c) => !view?.lineup.some((e) => e.comic.id === c.id)),
  ]
  return (
    <section className="card console-stage" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>On stage</h2>
      {stage.error && !view && <ErrorNotice error={stage.error} onRetry={stage.reload} />}
      {!view && !stage.error && <Loading />}
      {view && (
        <>
          <div className={props.showNight ? 'console-stage-bar is-sticky' : 'console-stage-bar'}>
            <p className="console-stage-now" aria-live="polite">
              {onStage ? <strong>{onStage.comic.name}</strong> : texts.nobodyOn}
            </p>
            {onStage && (
              <p className="console-stage-clock">
                <SetTimer startedAt={onStage.startedAt} plannedMinutes={planned} />
                {props.setBoosts != null && (
                  <span className="console-stage-set-boosts">
                    {' '}
                    · {showNightTexts.setBoosts(props.setBoosts)}
                  </span>
                )}
              </p>
            )}
            <div className="console-stage-bar-actions">
              <button
                type="button"
                className="button console-stage-next"
                disabled={busy || !view.next}
                onClick={() => tap(() => run('stage.next', { show }))}
              >
                {view.next ? showNightTexts.next(view.next.name) : 'Next'}
              </button>
              <button
                type="button"
                className="button button-secondary console-stage-off"
                disabled={busy || !onStage}
                onClick={() => tap(() => run('stage.off', { show }))}
                aria-describedby={`${id}-pause`}
              >
                {showNightTexts.pause}
              </button>
            </div>
            {notice && <SuccessNotice>{notice}</SuccessNotice>}
            {error && <ErrorNotice error={error} />}
          </div>
          <p className="field-hint" id={`${id}-pause`}>
            {showNightTexts.pauseHint}
          </p>
          {!view.next && (
            <p className="field-hint">
              {view.lineup.length === 0 ? texts.stageEmptyLineup : texts.stageEnd}
            </p>
          )}
          <form
            className="console-stage-pick"
            onSubmit={(event) => {
              event.preventDefault()
              if (pick) {
                void tap(() => run('stage.on', { comic: pick, show })).then((done) => {
                  if (done) setPick('')
                })
              }
            }}
          >
            <div className="field">
              <label htmlFor={`${id}-comic`}>Any comic</label>
              <select
                id={`${id}-comic`}
                name="comic"
                value={pick}
                onChange={(event) => setPick(event.target.value)}
              >
                <option value="">{showNightTexts.anyComicEmpty}</option>
                {choices.map((comic) => (
                  <option key={comic.id} value={comic.id}>
                    {comic.name}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className="button button-secondary" disabled={busy || !pick}>
              Put on stage
            </button>
          </form>
        </>
      )}
    </section>
  )
}
