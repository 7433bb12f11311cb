import { useState } from 'react'
import { comicHomeTexts as texts } from '../../../shared/comic-home'
import type { ComicHome, HomeSignup } from '../../../shared/comic-home-api'
import { comicRoleWords } from '../../../shared/comics'
import { showEntryPath } from '../../../shared/pages'
import { formatCentral } from '../../../shared/show-time'
import { eventCalendarUrl } from '../../api/schedule-calls'
import { BothTimes, useComicTimeZone } from '../../components/both-times'
import { OwnPageForm } from './own-page-form'

/** Where a sign-up stands, in a sentence. */
export function signupWords(signup: HomeSignup): string {
  if (signup.state === 'pending') return texts.pending
  if (signup.state === 'withdrawn') return texts.withdrawnState
  if (signup.list === 'slot' && signup.position && signup.plannedAt) {
    return texts.slot(signup.position, formatCentral(new Date(signup.plannedAt)))
  }
  if (signup.list === 'waitlist' && signup.position) return texts.waitlist(signup.position)
  return texts.pool
}

function SignupItem({
  signup,
  zone,
  busy,
  onWithdraw,
}: {
  signup: HomeSignup
  zone: string | null
  busy: boolean
  onWithdraw: (id: number) => void
}) {
  const [asking, setAsking] = useState(false)
  return (
    <li data-signup={signup.showName}>
      <a href={signup.openMicPath}>{signup.showName}</a>
      <p>
        <BothTimes instant={new Date(signup.startsAt)} zone={zone} />
      </p>
      <p>{signupWords(signup)}</p>
      {signup.plannedAt && (
        <p>
          <BothTimes instant={new Date(signup.plannedAt)} zone={zone} />
        </p>
      )}
      {signup.state === 'confirmed' && (
        <div className="backstage-actions">
          <a className="button button-secondary" href={eventCalendarUrl(signup.showId)} download>
            {texts.addToCalendar}
          </a>
          {!asking && (
            <button
              type="button"
              className="button button-secondary"
              onClick={() => setAsking(true)}
            >
              {texts.withdraw}
            </button>
          )}
        </div>
      )}
      {asking && signup.state === 'confirmed' && (
        <div className="backstage-ask">
          <p>{texts.withdrawAsk(signup.showName)}</p>
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => onWithdraw(signup.id)}
          >
            {busy ? texts.withdrawing : texts.withdraw}
          </button>
        </div>
      )}
    </li>
  )
}

/** A signed-in comic's page: their shows, their sign-ups, their public page and statement. */
export function BackstageView({
  home,
  busy,
  onWithdraw,
  onSaved,
}: {
  home: ComicHome
  busy: boolean
  onWithdraw: (id: number) => void
  onSaved: (home: ComicHome) => void
}) {
  const zone = useComicTimeZone()
  return (
    <>
      <section className="backstage-card card" aria-labelledby="backstage-shows">
        <h2 id="backstage-shows">{texts.showsHeading}</h2>
        {home.shows.length === 0 ? (
          <p>{texts.noShows}</p>
        ) : (
          <ul className="backstage-list">
            {home.shows.map((show) => (
              <li key={show.showId} data-show={show.showName}>
                <a href={show.openMicPath ?? showEntryPath(show.showId)}>{show.showName}</a>
                <p>
                  {comicRoleWords[show.role]} · {texts.setLength(show.setMinutes)}
                </p>
                <p>
                  <BothTimes instant={new Date(show.startsAt)} zone={zone} />
                </p>
                <div className="backstage-actions">
                  <a
                    className="button button-secondary"
                    href={eventCalendarUrl(show.showId)}
                    download
                  >
                    {texts.addToCalendar}
                  </a>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="backstage-card card" aria-labelledby="backstage-signups">
        <h2 id="backstage-signups">{texts.signupsHeading}</h2>
        {home.signups.length === 0 ? (
          <p>{texts.noSignups}</p>
        ) : (
          <ul className="backstage-list">
            {home.signups.map((signup) => (
              <SignupItem
                key={signup.id}
                signup={signup}
                zone={zone}
                busy={busy}
                onWithdraw={onWithdraw}
              />
            ))}
          </ul>
        )}
      </section>
      <section className="backstage-card card" aria-labelledby="backstage-public">
        <h2 id="backstage-public">{texts.publicPageHeading}</h2>
        <p>
          <a href={home.comic.pagePath}>{texts.publicPageLink}</a>
        </p>
        <h3>{texts.editHeading}</h3>
        <p className="muted">{texts.editLead}</p>
        <OwnPageForm home={home} onSaved={onSaved} />
      </section>
      <section className="backstage-card card" aria-labelledby="backstage-statement">
        <h2 id="backstage-statement">{texts.statementHeading}</h2>
        <p>{texts.statementLead}</p>
        <p>
          <a href={home.statementPath}>{texts.statementLink}</a>
        </p>
      </section>
    </>
  )
}
