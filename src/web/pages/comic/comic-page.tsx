import { useEffect } from 'react'
import { useParams } from 'wouter'
import {
  type ComicPageData,
  type ComicShow,
  comicPageHead,
  comicPageTexts as texts,
} from '../../../shared/comic-page-view'
import { comicPictureLimits } from '../../../shared/comic-pictures'
import { type ComicPublic, comicRoleWords } from '../../../shared/comics'
import { landingAnchors, pages, paths } from '../../../shared/pages'
import { showPath } from '../../../shared/schedule'
import { formatCentral } from '../../../shared/show-time'
import { FollowForm } from '../../components/follow-form/follow-form'
import { ErrorPage } from '../../components/layout/error-page'
import { SiteLayout } from '../../components/layout/site-layout'
import { NotFoundPage } from '../not-found/not-found-page'
import { useComicPageData } from './comic-data'
import { ComicSupport } from './comic-support'
import './comic.css'

/**
 * A comic's page (docs/comics.md, "What fans see"): rendered by the server with the comic
 * (server/plugins/comic-page-renderer.ts), hydrated from the same data. Without it (an address the server
 * sent as not found), the not-found page.
 */
export function ComicPage() {
  const { slug } = useParams()
  const rendered = useComicPageData()
  const data = rendered && pageSlug(rendered) === slug ? rendered : null
  useEffect(() => {
    const head = data ? comicPageHead(data) : pages.notFound
    document.title = head.title
    document.querySelector('meta[name="description"]')?.setAttribute('content', head.description)
  }, [data])
  if (data?.state === 'gone') {
    return (
      <ErrorPage
        headingId="comic-gone-title"
        eyebrow="Error 410"
        heading={texts.goneHeading}
        lead={texts.goneLead}
        actions={
          <a className="button button-secondary" href={`${paths.home}#${landingAnchors.schedule}`}>
            See the schedule
          </a>
        }
      />
    )
  }
  if (data?.state !== 'found') return <NotFoundPage />
  return (
    <SiteLayout>
      <ComicProfile
        comic={data.comic}
        shows={data.shows}
        fromSignup={data.fromSignup}
        onStage={data.onStage === true}
      />
    </SiteLayout>
  )
}

const pageSlug = (data: ComicPageData) => (data.state === 'gone' ? data.slug : data.comic.slug)

function ComicProfile({
  comic,
  shows,
  fromSignup,
  onStage,
}: {
  comic: ComicPublic
  shows: ComicShow[]
  fromSignup: boolean
  onStage: boolean
}) {
  const size = comicPictureLimits.size
  return (
    <article className="comic-page" aria-labelledby="comic-name">
      <header className="comic-intro">
        {comic.pictureUrl ? (
          <img
            className="comic-picture"
            src={comic.pictureUrl}
            width={size}
            height={size}
            alt={texts.pictureAlt(comic.name)}
            fetchPriority="high"
          />
        ) : (
          <span className="comic-picture comic-picture-none" aria-hidden="true">
            {comic.name.slice(0, 1)}
          </span>
        )}
        <div className="comic-intro-text">
          <p className="eyebrow">Stand-up comic</p>
          {onStage && <p className="comic-on-stage">{texts.onStageNow}</p>}
          <h1 id="comic-name">
            {comic.name}
            {comic.pronouns && <span className="comic-pronouns">{` (${comic.pronouns})`}</span>}
          </h1>
          {comic.vrchatName && (
            <p className="comic-vrchat">
              On VRChat: <strong>{comic.vrchatName}</strong>
            </p>
          )}
        </div>
      </header>
      <FollowForm comicId={comic.id} comicName={comic.name} />
      {comic.bio && <p className="comic-bio lead">{comic.bio}</p>}
      <ComicSupport name={comic.name} slug={comic.slug} />
      {comic.links.length > 0 && (
        <section className="comic-section" aria-labelledby="comic-links">
          <h2 id="comic-links" className="section-title">
            Find {comic.name}
          </h2>
          <ul className="comic-links cluster">
            {comic.links.map((link) => (
              <li key={link.url}>
                <a className="button button-secondary" href={link.url} rel="noopener">
                  {link.label || new URL(link.url).hostname}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section className="comic-section" aria-labelledby="comic-shows">
        <h2 id="comic-shows" className="section-title">
          Upcoming shows
        </h2>
        {shows.length === 0 ? (
          <p className="muted">{fromSignup ? texts.signedUpOnly(comic.name) : texts.noShows}</p>
        ) : (
          <ol className="comic-shows">
            {shows.map((show) => (
              <li key={show.id} className="card comic-show">
                <h3 className="comic-show-name">
                  <a className="tap-link" href={show.url}>
                    {show.name}
                  </a>
                </h3>
                <p className="comic-show-time">
                  <time dateTime={show.startTime}>{formatCentral(new Date(show.startTime))}</time>
                </p>
                <p className="comic-show-role">{comicRoleWords[show.role]}</p>
                <a className="comic-show-page" href={showPath(show.id)}>
                  Show details<span className="visually-hidden">: {show.name}</span>
                </a>
              </li>
            ))}
          </ol>
        )}
        <p>
          <a className="tap-link" href={`${paths.home}#${landingAnchors.schedule}`}>
            Every show on the schedule
          </a>
        </p>
      </section>
    </article>
  )
}
