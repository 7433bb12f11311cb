import { useEffect, useId, useRef, useState } from 'react'
import type { StageChange, StageView } from '../../../shared/comics'
import { asConsoleError, type ConsoleError } from '../console-calls'
import { useConsoleSession } from '../console-session'
import { ErrorNotice, Loading, SuccessNotice, TimeText } from '../console-ui'
import { useAction, useWhileVisible } from '../use-action'
import { comicConsoleTexts as texts } from './comics-texts'
import './stage-lineup.css'

/**
 * Who is on stage, and the one big control that changes it (docs/comics.md, "Running the
 * stage"): Next in running order, any comic of the roster on, or an intermission. Each tap is
 * one action; two phones tapping at once cannot put two comics on (the server holds the show).
 */
export function OnStage(props: { showId: string; refreshMs: number; lineupVersion: number }) {
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
    } catch (failure) {
      setError(asConsoleError(failure))
    } finally {
      setBusy(false)
    }
  }

  const view = latest && latest.over === stage.data ? latest.view : stage.data
  const onStage = view?.onStage ?? null
  const show = props.showId
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
          <p className="console-stage-now" aria-live="polite">
            {onStage ? (
              <>
                <strong>{onStage.comic.name}</strong>{' '}
                <span className="console-stage-since">
                  since <TimeText iso={onStage.startedAt} />
                </span>
              </>
            ) : (
              texts.nobodyOn
            )}
          </p>
          <button
            type="button"
            className="button console-stage-next"
            disabled={busy || !view.next}
            onClick={() => tap(() => run('stage.next', { show }))}
          >
            {view.next ? `Next: ${view.next.name}` : 'Next'}
          </button>
          {!view.next && (
            <p className="field-hint">
              {view.lineup.length === 0 ? texts.stageEmptyLineup : texts.stageEnd}
            </p>
          )}
          <form
            className="console-stage-pick"
            onSubmit={(event) => {
              event.preventDefault()
              const comic = String(new FormData(event.currentTarget).get('comic') ?? '')
              if (comic) void tap(() => run('stage.on', { comic, show }))
            }}
          >
            <div className="field">
              <label htmlFor={`${id}-comic`}>Any comic</label>
              <select id={`${id}-comic`} name="comic">
                {choices.map((comic) => (
                  <option key={comic.id} value={comic.id}>
                    {comic.name}
                  </option>
                ))}
              </select>
            </div>
            <button
              type="submit"
              className="button button-secondary"
              disabled={busy || choices.length === 0}
            >
              Put on stage
            </button>
          </form>
          <button
            type="button"
            className="button button-secondary console-stage-off"
            disabled={busy || !onStage}
            onClick={() => tap(() => run('stage.off', { show }))}
          >
            Intermission
          </button>
        </>
      )}
      {notice && <SuccessNotice>{notice}</SuccessNotice>}
      {error && <ErrorNotice error={error} />}
    </section>
  )
}
