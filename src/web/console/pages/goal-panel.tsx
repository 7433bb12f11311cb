import { type FormEvent, useId, useState } from 'react'
import { goalHostTexts, goalLimits, goalShare, goalTexts } from '../../../shared/goal'
import { asConsoleError, type ConsoleError } from '../console-calls'
import { useConsoleSession } from '../console-session'
import { ErrorNotice, SuccessNotice } from '../console-ui'
import { useAction, useWhileVisible } from '../use-action'

/**
 * The night's goal on the Tonight page (docs/console.md, "The night's goal"): how far the room
 * is, and the form that sets it, changes it, or raises it once reached for a next level. The
 * same action as `npm run admin -- goal set`; every screen shows the change at once.
 */
export function GoalPanel(props: { showId: string; refreshMs: number }) {
  const id = useId()
  const { run } = useConsoleSession()
  const standing = useAction('goal.show', { show: props.showId })
  useWhileVisible(standing.reload, props.refreshMs)
  const [busy, setBusy] = useState(false)
  const [notice, setNotice] = useState('')
  const [error, setError] = useState<ConsoleError>()
  const goal = standing.data?.goal ?? null
  const total = standing.data?.totalBoosts ?? 0

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    setBusy(true)
    setNotice('')
    setError(undefined)
    try {
      const answer = await run('goal.set', {
        show: props.showId,
        boosts: Number(form.get('boosts')),
        reward: String(form.get('reward') ?? ''),
      })
      setNotice(answer.said)
      standing.reload()
    } catch (failure) {
      setError(asConsoleError(failure))
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{goalHostTexts.formHeading}</h2>
      {goal ? (
        <div>
          <p id={`${id}-progress`}>
            <strong>{goal.reached ? goalTexts.reachedTitle : goalTexts.level(goal.level)}</strong>{' '}
            {goalTexts.progress(total, goal)}
          </p>
          <progress
            aria-labelledby={`${id}-progress`}
            max={goal.boosts}
            value={Math.round(goalShare(total, goal) * goal.boosts)}
            className="console-goal-bar"
          />
        </div>
      ) : (
        standing.data && <p>{goalTexts.none}</p>
      )}
      <form onSubmit={onSubmit} noValidate>
        <div className="field">
          <label htmlFor={`${id}-boosts`}>{goalHostTexts.boostsLabel}</label>
          <input
            id={`${id}-boosts`}
            name="boosts"
            type="number"
            inputMode="numeric"
            min={1}
            max={goalLimits.boostsMax}
            required
            key={`boosts-${goal?.level ?? 0}-${goal?.boosts ?? ''}`}
            defaultValue={goal && !goal.reached ? goal.boosts : ''}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-reward`}>{goalHostTexts.rewardLabel}</label>
          <input
            id={`${id}-reward`}
            name="reward"
            required
            maxLength={goalLimits.rewardMax}
            autoComplete="off"
            aria-describedby={`${id}-reward-hint`}
            key={`reward-${goal?.level ?? 0}-${goal?.reward ?? ''}`}
            defaultValue={goal && !goal.reached ? goal.reward : ''}
          />
          <p id={`${id}-reward-hint`} className="field-hint">
            {goalHostTexts.rewardHint}
          </p>
        </div>
        <div className="console-actions">
          <button type="submit" className="button" disabled={busy}>
            {goal?.reached ? goalHostTexts.raiseButton : goalHostTexts.setButton}
          </button>
        </div>
      </form>
      {notice && <SuccessNotice>{notice}</SuccessNotice>}
      {error && <ErrorNotice error={error} />}
    </section>
  )
}
