import { useCallback, useEffect, useState } from 'react'
import { useParams } from 'wouter'
import { openMicPageHead, readOpenMicLink, openMicTexts as words } from '../../../shared/open-mic'
import type { ConfirmedAnswer, MyPlace, OpenMicPublic } from '../../../shared/open-mic-api'
import { formatCentral } from '../../../shared/show-time'
import { texts } from '../../../shared/texts'
import { readMyPlace, readOpenMic } from '../../api/open-mic-calls'
import { BothTimes, useComicTimeZone } from '../../components/both-times'
import { SiteLayout } from '../../components/layout/site-layout'
import { NotFoundPage } from '../not-found/not-found-page'
import { LinkPanel } from './link-panel'
import { MyPlacePanel, type WithdrawBy } from './my-place-panel'
import { useOpenMicPageData } from './open-mic-data'
import { SignUpForm } from './sign-up-form'
import './open-mic.css'

/**
 * An open mic's page (docs/comics.md, "Open mics"): rendered by the server with the open mic
 * (server/plugins/open-mic-page-renderer.ts), hydrated from the same data. Comics sign up here, and the
 * mails' links come back here (#confirm=..., #withdraw=...) to confirm or withdraw. Names are
 * rendered as text, as React does.
 */
export function OpenMicPage() {
  const { slug } = useParams()
  const rendered = useOpenMicPageData()
  const [openMic, setOpenMic] = useState<OpenMicPublic | null>(
    rendered && rendered.showId === slug ? rendered : null,
  )
  const [link, setLink] = useState<ReturnType<typeof readOpenMicLink>>()
  useEffect(() => {
    // On load, and when a link for this page is opened in its own tab (only the hash changes).
    const read = () => setLink(readOpenMicLink(window.location.hash))
    read()
    window.addEventListener('hashchange', read)
    return () => window.removeEventListener('hashchange', read)
  }, [])
  const [mine, setMine] = useState<{ place: MyPlace; withdrawBy: WithdrawBy } | null>(null)
  const [notice, setNotice] = useState<string>()
  const showId = openMic?.showId
  const withdrawToken = link?.action === 'withdraw' ? link.token : undefined
  const readMine = useCallback(
    async (confirmed?: ConfirmedAnswer) => {
      if (!showId) return
      const answer = await readMyPlace(showId, withdrawToken)
      if (answer?.place) {
        const withdrawBy: WithdrawBy = answer.csrfToken
          ? { by: 'session', csrfToken: answer.csrfToken }
          : withdrawToken
            ? { by: 'link', token: withdrawToken }
            : { by: 'mail' }
        setMine({ place: answer.place, withdrawBy })
      } else if (confirmed) {
        // Confirmed here without a session: the place the confirmation answered.
        const { list, position, plannedAt } = confirmed
        const place = { signupId: 0, state: 'confirmed', list, position, plannedAt, timeZone: '' }
        setMine({ place: place as MyPlace, withdrawBy: { by: 'mail' } })
      } else setMine(null)
    },
    [showId, withdrawToken],
  )
  useEffect(() => {
    void readMine()
  }, [readMine])
  const zone = useComicTimeZone(mine?.place.timeZone)
  useEffect(() => {
    if (!openMic) return
    document.title = openMicPageHead(openMic).title
  }, [openMic])
  if (!openMic) return <NotFoundPage />
  const refresh = async () => {
    const now = await readOpenMic(openMic.showId)
    if (now) setOpenMic(now)
  }
  const afterLink = async (confirmed?: ConfirmedAnswer) => {
    await refresh()
    await readMine(confirmed)
  }
  const afterMine = async (message: string) => {
    setNotice(message)
    setLink(undefined)
    await refresh()
    await readMine()
  }
  const start = new Date(openMic.startsAt)
  const holding = mine && (mine.place.state === 'confirmed' || mine.place.state === 'pending')
  return (
    <SiteLayout>
      <article className="open-mic-page" aria-labelledby="open-mic-title">
        <header>
          <p className="eyebrow">{texts.openMic}</p>
          <h1 id="open-mic-title">{words.heading(openMic.showName)}</h1>
          <p className="lead">
            <BothTimes instant={start} zone={zone} />
          </p>
          <p>
            {words.rules(openMic.slots, openMic.setMinutes)}{' '}
            {openMic.rule === 'lottery'
              ? words.lottery(formatCentral(new Date(openMic.drawAt ?? openMic.closesAt)))
              : words.firstCome}
          </p>
          <p>
            {words.window(
              formatCentral(new Date(openMic.opensAt)),
              formatCentral(new Date(openMic.closesAt)),
            )}
          </p>
          {openMic.open && (
            <p className="open-mic-slots-left">
              {words.slotsLeft(openMic.slotsLeft, openMic.slots)}
            </p>
          )}
          {openMic.draw && (
            <p>
              {words.drawDone(formatCentral(new Date(openMic.draw.drawnAt)))}{' '}
              <a href="#open-mic-draw">{words.drawRecordLink}</a>
            </p>
          )}
        </header>
        {notice && (
          <p className="alert alert-success" role="status">
            {notice}
          </p>
        )}
        {link && <LinkPanel key={link.token} link={link} onDone={afterLink} />}
        {mine && (
          <MyPlacePanel
            showId={openMic.showId}
            showName={openMic.showName}
            place={mine.place}
            zone={zone}
            withdrawBy={mine.withdrawBy}
            onChanged={(message) => void afterMine(message)}
          />
        )}
        {holding ? null : openMic.open ? (
          <SignUpForm showId={openMic.showId} />
        ) : (
          <p className="card open-mic-closed">{words.notOpen}</p>
        )}
        <section className="open-mic-section" aria-labelledby="open-mic-order">
          <h2 id="open-mic-order" className="section-title">
            {words.runningOrder}
          </h2>
          {openMic.runningOrder.length === 0 ? (
            <p className="muted">{words.noRunningOrder}</p>
          ) : (
            <ol className="open-mic-order">
              {openMic.runningOrder.map((entry) => (
                <li key={entry.position}>
                  <span className="open-mic-name">{entry.name}</span>{' '}
                  <BothTimes instant={new Date(entry.plannedAt)} zone={zone} />
                </li>
              ))}
            </ol>
          )}
          {openMic.waitlistCount > 0 && <p>{words.waitlist(openMic.waitlistCount)}</p>}
        </section>
        {(openMic.draw || openMic.drawSeedHash) && (
          <section className="open-mic-section" aria-labelledby="open-mic-draw">
            <h2 id="open-mic-draw" className="section-title">
              {words.drawHeading}
            </h2>
            {openMic.drawSeedHash && <p>{words.drawSeedHash(openMic.drawSeedHash)}</p>}
            {openMic.draw && (
              <>
                <p>{words.drawSeed(openMic.draw.seed)}</p>
                <p>{words.drawCheck}</p>
                <p>{words.drawBefore}</p>
                <ol className="open-mic-draw-list">
                  {openMic.draw.before.map((entry) => (
                    <li key={entry.number}>{words.drawEntry(entry)}</li>
                  ))}
                </ol>
                <p>{words.drawAfter}</p>
                <ol className="open-mic-draw-list">
                  {openMic.draw.after.map((entry) => (
                    <li key={entry.number}>{words.drawEntry(entry)}</li>
                  ))}
                </ol>
              </>
            )}
          </section>
        )}
      </article>
    </SiteLayout>
  )
}
