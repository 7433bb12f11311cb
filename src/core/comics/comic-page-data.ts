import type { ComicPageData } from '../../shared/comic-page-view'
import { comicLimits, slugPattern } from '../../shared/comics'
import { showEntryPath } from '../../shared/pages'
import type { ScheduleEvent } from '../../shared/schedule'
import type { Db } from '../db/schema'
import { toComicPublic } from './roster'

/**
 * What a comic's public page shows (docs/comics.md, "What fans see"): the comic's public fields
 * and the upcoming shows whose bill has them (from `events`, the schedule as fans read it), and
 * whether they were made from an open-mic sign-up; or that an archived comic is gone. Undefined:
 * no comic has that address.
 */
export async function comicPageData(
  db: Db,
  slug: string,
  events: readonly ScheduleEvent[],
): Promise<ComicPageData | undefined> {
  // Never a query for what cannot be a slug (a NUL, which PostgreSQL refuses, or a long string).
  if (slug.length > comicLimits.slugMax || !slugPattern.test(slug)) return undefined
  const row = await db.selectFrom('comics').selectAll().where('slug', '=', slug).executeTakeFirst()
  if (!row) return undefined
  if (row.archived_at) return { state: 'gone', slug }
  const shows = events.flatMap((event) => {
    const place = event.comics?.find((comic) => comic.slug === slug)
    const url = event.openMic?.url ?? showEntryPath(event.id)
    return place
      ? [{ id: event.id, name: event.name, startTime: event.startTime, role: place.role, url }]
      : []
  })
  // On stage now: a set of theirs not ended, at a show the schedule still has (not ended).
  const showIds = events.map((event) => event.id)
  const onSet =
    showIds.length > 0
      ? await db
          .selectFrom('sets')
          .select('id')
          .where('comic_id', '=', row.id)
          .where('ended_at', 'is', null)
          .where('show_id', 'in', showIds)
          .executeTakeFirst()
      : undefined
  return {
    state: 'found',
    comic: toComicPublic(row),
    shows,
    fromSignup: row.from_signup,
    onStage: onSet !== undefined,
  }
}

/** The slug of the page `slug` was the address of before (a slug changed since), if any. */
export async function movedComicSlug(db: Db, slug: string): Promise<string | undefined> {
  if (slug.length > comicLimits.slugMax || !slugPattern.test(slug)) return undefined
  const row = await db
    .selectFrom('comic_slug_redirects')
    .innerJoin('comics', 'comics.id', 'comic_slug_redirects.comic_id')
    .select('comics.slug')
    .where('comic_slug_redirects.old_slug', '=', slug)
    .executeTakeFirst()
  return row?.slug
}
