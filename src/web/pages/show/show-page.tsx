import { useEffect, useState } from 'react'
import { useParams } from 'wouter'
import { comicPictureLimits } from '../../../shared/comic-pictures'
import { comicRoleWords } from '../../../shared/comics'
import { landingAnchors, pages, paths } from '../../../shared/pages'
import { showPath } from '../../../shared/schedule'
import {
  remindAnchor,
  remindPath,
  type ShowLineupComic,
  type ShowPageData,
  type ShowRef,
  showPageHead,
  showPageTexts as texts,
} from '../../../shared/show-page-view'
import { formatCentral, formatInZone, showTimeZone, zonedParts } from '../../../shared/show-time'
import { eventCalendarUrl } from '../../api/schedule-calls'
import { ErrorPage } from '../../components/layout/error-page'
import { SiteLayout } from '../../components/layout/site-layout'
import { NotFoundPage } from '../not-found/not-found-page'
import { useShowPageData } from './show-data'
import './show.css'

type FoundShow = Extract<ShowPageData, { state: 'found' }>

/**
 * A show's page (docs/decisions/048-a-page-for-every-show.md): rendered by the server with the show
 * (server/plugins/show-page-renderer.ts), hydrated from the same data. Without it (an address the
 * server sent as not found), the not-found page.
 */
export function ShowPage() {
  const { slug } = useParams()
  const rendered = useShowPageData()
  const data =
    rendered && (rendered.state === 'gone' ? rendered.id : rendered.show.id) === slug
      ? rendered
      : null
  useEffect(() => {
    const head = data ? showPageHead(data) : pages.notFound
    document.title = head.title
    document.querySelector('meta[name="description"]')?.setAttribute('content', head.description)
  }, [data])
  if (data?.state === 'gone') {
    return (
      <ErrorPage
        headingId="show-gone-title"
        eyebrow="Error 410"
        heading={texts.goneHeading}
        lead={texts.goneLead}
        actions={
          <>
            {data.next && <NextShowLink next={data.next} />}
            <a
              className="button button-secondary"
              href={`${paths.home}#${landingAnchors.schedule}`}
            >
              {texts.schedule}
            </a>
          </>
        }
      />
    )
  }
  if (data?.state !== 'found') return <NotFoundPage />
  return (
    <SiteLayout>
      <ShowDetails data={data} />
    </SiteLayout>
  )
}

function NextShowLink({ next }: { next: ShowRef }) {
  return (
    <a className="button button-primary show-next" href={showPath(next.id)}>
      {texts.nextShow}: {next.name}, {formatCentral(new Date(next.startTime))}
    </a>
  )
}

function ShowDetails({ data }: { data: FoundShow }) {
  const { show, phase } = data
  const start = new Date(show.startTime)
  return (
    <article className="show-page" aria-labelledby="show-name">
      <header className="show-intro">
        {phase === 'on' && (
          <p className="show-on-now">
            <span className="show-on-now-badge">{texts.onNow}</span>
            {data.onStage && (
              <>
                {' '}
                <a href={data.onStage.url}>{texts.onStage(data.onStage.name)}</a>
              </>
            )}
          </p>
        )}
        <h1 id="show-name">{show.name}</h1>
        <p className="show-time">
          <time dateTime={start.toISOString()}>{formatCentral(start)}</time>
          <VisitorTime instant={start} />
        </p>
        <p className="show-description lead">{show.description.split('\n')[0]}</p>
      </header>
      {phase === 'over' ? (
        <section className="card show-over" aria-labelledby="show-over-title">
          <h2 id="show-over-title" className="section-title">
            {texts.overHeading}
          </h2>
          {data.next && (
            <p>
              {texts.overLead} <NextShowLink next={data.next} />
            </p>
          )}
        </section>
      ) : (
        <ShowActions data={data} />
      )}
      <section className="show-section" aria-labelledby="show-lineup">
        <h2 id="show-lineup" className="section-title">
          {texts.lineupHeading}
        </h2>
        {data.lineup.length === 0 ? (
          <p className="muted">{texts.noLineup}</p>
        ) : (
          <ol className="show-lineup">
            {data.lineup.map((comic) => (
              <LineupComic key={comic.slug} comic={comic} />
            ))}
          </ol>
        )}
      </section>
      {data.openMic && (
        <section className="show-section" aria-labelledby="show-open-mic">
          <h2 id="show-open-mic" className="section-title">
            {texts.openMicHeading}
          </h2>
          <p>{texts.openMicLead}</p>
          <p>
            <a className="button button-secondary" href={data.openMic.url}>
              {data.openMic.open && phase !== 'over' ? texts.openMicSignUp : texts.openMicList}
            </a>
          </p>
        </section>
      )}
      <p>
        <a className="tap-link" href={`${paths.home}#${landingAnchors.schedule}`}>
          {texts.schedule}
        </a>
      </p>
    </article>
  )
}

/**
 * The visitor's own time when their clock differs from Central, known only once the page runs:
 * its line is there, empty, from the first paint (show.css), so filling it moves nothing. As the
 * landing page's label does, written here so the two pages share no chunk of their own (each
 * costs the first load its headers).
 */
function VisitorTime({ instant }: { instant: Date }) {
  const [local, setLocal] = useState<string | null>(null)
  useEffect(() => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone
    const [here, central] = [zonedParts(instant, zone), zonedParts(instant, showTimeZone)]
    const same = (['year', 'month', 'day', 'hour', 'minute'] as const).every(
      (part) => here[part] === central[part],
    )
    setLocal(same ? null : formatInZone(instant, zone))
  }, [instant])
  return <span className="local-time">{local && ` (${local} your time)`}</span>
}

function LineupComic({ comic }: { comic: ShowLineupComic }) {
  const size = comicPictureLimits.size
  return (
    <li className="show-comic">
      <a className="show-comic-link" href={comic.url}>
        {comic.pictureUrl ? (
          <img
            className="show-comic-picture"
            src={comic.pictureUrl}
            width={size}
            height={size}
            alt=""
            loading="lazy"
          />
        ) : (
          <span className="show-comic-picture show-comic-picture-none" aria-hidden="true">
            {comic.name.slice(0, 1)}
          </span>
        )}
        <span className="show-comic-name">{comic.name}</span>
      </a>
      <span className="show-comic-role">{comicRoleWords[comic.role]}</span>
    </li>
  )
}

/** Buying for this show, the calendar, sharing and "Remind me" (reminders fill its place). */
function ShowActions({ data }: { data: FoundShow }) {
  const { show } = data
  return (
    <section className="show-section show-actions" aria-labelledby="show-buy">
      <h2 id="show-buy" className="section-title">
        {texts.buyHeading}
      </h2>
      <p>{data.onSale ? texts.buyOnSale : texts.buyLater}</p>
      <ul className="cluster show-action-list">
        <li>
          <a className="button button-primary" href={paths.store}>
            {texts.buyLink}
          </a>
        </li>
        <li>
          <a className="button button-secondary" href={eventCalendarUrl(show.id)} download>
            {texts.addToCalendar}
          </a>
        </li>
        <li>
          <ShareButton title={show.name} path={showPath(show.id)} />
        </li>
        <li id={remindAnchor}>
          <RemindMe showId={show.id} />
        </li>
      </ul>
    </section>
  )
}

/**
 * "Remind me": the reminders' place on the page (reminders fill it: docs/decisions/048-a-page-for-every-show.md). A
 * plain link to their page for this show, which works without scripts.
 */
export function RemindMe({ showId }: { showId: string }) {
  return (
    <a className="button button-secondary" href={remindPath(showId)}>
      {texts.remindMe}
    </a>
  )
}

/** The phone's own share sheet where there is one, else the page's address copied. */
function ShareButton({ title, path }: { title: string; path: string }) {
  const [copied, setCopied] = useState(false)
  const share = async () => {
    const url = new URL(path, window.location.href).href
    try {
      if (navigator.share) await navigator.share({ title, url })
      else {
        await navigator.clipboard.writeText(url)
        setCopied(true)
      }
    } catch {
      // The fan closed the share sheet, or the clipboard was refused: nothing to say.
    }
  }
  return (
    <button type="button" className="button button-secondary" onClick={() => void share()}>
      {copied ? texts.shared : texts.share}
    </button>
  )
}
