import { clockText, timerState } from '../../../shared/show-night'
import { useNow } from '../device-clock'
import { showNightTexts as texts } from './show-night-texts'

/**
 * The set on now against its planned minutes (docs/console.md, "Show night"): amber once past
 * them, red two minutes past; the words say it too, for who cannot tell the colours apart.
 */
export function SetTimer(props: { startedAt: string; plannedMinutes: number | null }) {
  const now = useNow(1000)
  const elapsed = now.getTime() - new Date(props.startedAt).getTime()
  const state = timerState(elapsed, props.plannedMinutes)
  const over = props.plannedMinutes === null ? 0 : elapsed - props.plannedMinutes * 60_000
  return (
    <span className={`console-set-timer is-${state}`} role="timer" data-state={state}>
      <strong className="console-set-timer-clock">{clockText(elapsed)}</strong>{' '}
      {props.plannedMinutes === null ? texts.noPlan : texts.planned(props.plannedMinutes)}
      {over > 0 && <span className="console-set-over"> · {clockText(over)} over</span>}
    </span>
  )
}
