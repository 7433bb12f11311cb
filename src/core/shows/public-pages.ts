import { comicPath } from '../../shared/comics'
import { openMicPath } from '../../shared/open-mic'
import { paths } from '../../shared/pages'
import { showPath } from '../../shared/schedule'
import type { Db } from '../db/schema'
import { eventsNotEnded } from '../schedule/events'

/** A page of the site for search engines: its path, and when it last changed when known. */
export interface PublicPage {
  path: string
  lastModified?: Date | undefined
}

/**
 * Every public page of the site (docs/decisions/048-a-page-for-every-show.md), for the sitemap:
 * the landing page and the store, every show not removed, the comics' pages (not an archived
 * comic, nor one made from an open-mic sign-up whom no upcoming show has on its lineup: their page
 * is kept out of search engines), and every open mic of a show not removed. Pages for one person
 * (the success page, the member's and the comic's own pages) are not public.
 */
export async function publicPages(db: Db, now: Date): Promise<PublicPage[]> {
  const [shows, comics, openMics] = await Promise.all([
    db
      .selectFrom('events')
      .select(['id', 'updated_at'])
      .where('removed_at', 'is', null)
      .orderBy('starts_at')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('comics')
      .select(['slug', 'updated_at'])
      .where('archived_at', 'is', null)
      .where((eb) =>
        eb.or([
          eb('from_signup', '=', false),
          eb(
            'id',
            'in',
            eb
              .selectFrom('lineups')
              .select('comic_id')
              .where('show_id', 'in', eventsNotEnded(db, now).select('id')),
          ),
        ]),
      )
      .orderBy('slug')
      .execute(),
    db
      .selectFrom('open_mics')
      .innerJoin('events', 'events.id', 'open_mics.show_id')
      .select(['open_mics.show_id'])
      .where('events.removed_at', 'is', null)
      .orderBy('events.starts_at')
      .execute(),
  ])
  return [
    { path: paths.home },
    { path: paths.store },
    ...shows.map((show) => ({ path: showPath(show.id), lastModified: show.updated_at })),
    ...comics.map((comic) => ({ path: comicPath(comic.slug), lastModified: comic.updated_at })),
    ...openMics.map((openMic) => ({ path: openMicPath(openMic.show_id) })),
  ]
}
