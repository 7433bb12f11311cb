import { useState } from 'react'
import type { OpenMicPublic } from '../../../shared/open-mic-api'
import { ConfirmPanel } from '../console-ui'
import { centralText } from '../format'
import { openMicConsoleTexts as texts } from './open-mic-console-texts'

const minute = 60_000
const hour = 60 * minute
const day = 24 * hour

/** "4 days", "1 day", "5 hours", "20 minutes": how long is left, rounded down, in words. */
export function howLong(ms: number): string {
  const [n, unit] =
    ms >= day
      ? [Math.floor(ms / day), 'day']
      : ms >= hour
        ? [Math.floor(ms / hour), 'hour']
        : [Math.max(1, Math.floor(ms / minute)), 'minute']
  return `${n} ${unit}${n === 1 ? '' : 's'}`
}

/** What drawing now would mean for sign-up, said before the host draws. */
export function drawWhen(openMic: OpenMicPublic, now: number): string {
  const opens = Date.parse(openMic.opensAt)
  const closes = Date.parse(openMic.closesAt)
  if (now < opens) return texts.drawNotOpened(centralText(openMic.opensAt))
  if (now < closes) return texts.drawOpenFor(howLong(closes - now), centralText(openMic.closesAt))
  return texts.drawClosed
}

/** "Draw now…": asks first, saying whether sign-up is still open and for how long. */
export function DrawNow(props: { openMic: OpenMicPublic; busy: boolean; onDraw: () => void }) {
  const [asking, setAsking] = useState(false)
  if (!asking) {
    return (
      <button
        type="button"
        className="button"
        disabled={props.busy}
        onClick={() => setAsking(true)}
      >
        {texts.drawOpen}
      </button>
    )
  }
  return (
    <ConfirmPanel
      heading={texts.drawAsk}
      actions={
        <>
          <button
            type="button"
            className="button"
            disabled={props.busy}
            onClick={() => {
              setAsking(false)
              props.onDraw()
            }}
          >
            {texts.drawNow}
          </button>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => setAsking(false)}
          >
            Not now
          </button>
        </>
      }
    >
      <p>{drawWhen(props.openMic, Date.now())}</p>
      <p>{texts.drawFinal}</p>
    </ConfirmPanel>
  )
}
