import { useState } from 'react'
import { openMicTexts as words } from '../../../shared/open-mic'
import type { MyPlace } from '../../../shared/open-mic-api'
import { paths } from '../../../shared/pages'
import { formatCentral } from '../../../shared/show-time'
import { eventCalendarUrl } from '../../api/schedule-calls'
import { BothTimes } from '../../components/both-times'
import { ErrorAlert } from '../../components/error-alert'

/**
 * How this reader may withdraw: their comic's session (a button here), the place mail's link
 * (the link's own panel has the button), or neither on this page (the mail or Backstage).
 */
export type WithdrawBy =
  | { by: 'session'; csrfToken: string }
  | { by: 'link'; token: string }
  | { by: 'mail' }

/** "You're in: slot 2, Tue, Dec 1, 8:05 PM CT.", "You're 2nd on the waitlist."... */
function placeWords(place: MyPlace): string {
  if (place.state === 'pending') return words.minePending
  if (place.state === 'withdrawn') return words.mineWithdrawn
  if (place.list === 'slot' && place.position && place.plannedAt) {
    return words.mineSlot(place.position, formatCentral(new Date(place.plannedAt)))
  }
  if (place.list === 'waitlist' && place.position) return words.mineWaitlist(place.position)
  return words.minePool
}

/**
 * The comic's own place at this open mic, instead of the blank form (docs/comics.md, "Open mics",
 * "Your place"): where they stand, the planned time in their own zone too, "Add to calendar", and
 * "Withdraw" (asked once more) by their session or the place mail's link.
 */
export function MyPlacePanel(props: {
  showId: string
  showName: string
  place: MyPlace
  zone: string | null
  withdrawBy: WithdrawBy
  onChanged: (message: string) => void
}) {
  const { place, zone, withdrawBy } = props
  const [asking, setAsking] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()
  const withdraw = async () => {
    setBusy(true)
    setError(undefined)
    if (withdrawBy.by !== 'session') return
    // Backstage's calls load only when a comic withdraws: out of the page's first load.
    const { withdrawOwnSignup } = await import('../../api/backstage-calls')
    const answer = await withdrawOwnSignup(place.signupId, withdrawBy.csrfToken)
    setBusy(false)
    if (answer.ok) props.onChanged(words.withdrawn)
    else setError(answer.message)
  }
  return (
    <section className="card open-mic-mine" aria-labelledby="open-mic-mine-title">
      <h2 id="open-mic-mine-title">{words.myPlaceHeading}</h2>
      <p className="open-mic-mine-place">{placeWords(place)}</p>
      {place.plannedAt && (
        <p>
          <BothTimes instant={new Date(place.plannedAt)} zone={zone} />
        </p>
      )}
      {error && <ErrorAlert message={error} />}
      {place.state === 'confirmed' && (
        <div className="open-mic-mine-actions">
          <a className="button button-secondary" href={eventCalendarUrl(props.showId)} download>
            {words.addToCalendar}
          </a>
          {withdrawBy.by === 'session' && !asking && (
            <button
              type="button"
              className="button button-secondary"
              onClick={() => setAsking(true)}
            >
              {words.mineWithdraw}
            </button>
          )}
        </div>
      )}
      {place.state === 'confirmed' && withdrawBy.by === 'mail' && (
        <p className="muted">
          {words.withdrawByMail} <a href={paths.backstage}>{words.backstageLink}</a>
        </p>
      )}
      {asking && place.state === 'confirmed' && (
        <div className="open-mic-mine-ask">
          <p>{words.mineWithdrawAsk(props.showName)}</p>
          <button type="button" className="button" disabled={busy} onClick={() => void withdraw()}>
            {busy ? words.withdrawing : words.mineWithdraw}
          </button>
        </div>
      )}
    </section>
  )
}
