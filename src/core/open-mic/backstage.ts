import { comicFields } from '../../shared/comic-fields'
import { comicHomeTexts } from '../../shared/comic-home'
import type { ComicHome, HomeShow, HomeSignup } from '../../shared/comic-home-api'
import { comicPath, comicPictureUrl } from '../../shared/comics'
import { openMicPath } from '../../shared/open-mic'
import type { MyPlace } from '../../shared/open-mic-api'
import { paths } from '../../shared/pages'
import type { ComicRow } from '../db/comic-tables'
import { readFields } from '../db/field-columns'
import type { Db } from '../db/schema'
import { refuse } from '../refusal'
import { eventsNotEnded } from '../schedule/events'
import { hashToken } from '../sign-in/links'
import { type OpenMicContext, plannedAt } from './places'
import { withdrawConfirmed } from './signups'

/**
 * A comic's own page (docs/comics.md, "A comic's own page"): the shows not ended whose bill has
 * them (role, set length), their open-mic sign-ups for shows not ended (pending ones by their
 * address, confirmed and withdrawn ones by the roster's comic) with each one's place, and where
 * their statement and public page are. Only ever the comic's own: the comic is the session's.
 */
export async function comicHome(
  db: Db,
  comic: ComicRow,
  now: Date,
): Promise<Omit<ComicHome, 'csrfToken'>> {
  const showRows = await eventsNotEnded(db, now)
    .innerJoin('lineups', 'lineups.show_id', 'events.id')
    .leftJoin('open_mics', 'open_mics.show_id', 'events.id')
    .select([
      'events.id',
      'events.name',
      'events.starts_at',
      'lineups.role',
      'lineups.set_minutes',
      'open_mics.show_id as open_mic',
    ])
    .where('lineups.comic_id', '=', comic.id)
    .execute()
  const shows: HomeShow[] = showRows.map((row) => ({
    showId: row.id,
    showName: row.name,
    startsAt: row.starts_at.toISOString(),
    role: row.role,
    setMinutes: row.set_minutes,
    openMicPath: row.open_mic ? openMicPath(row.id) : null,
  }))
  const values = readFields(comicFields, comic)
  return {
    comic: { id: comic.id, slug: comic.slug, name: comic.name, pagePath: comicPath(comic.slug) },
    page: {
      name: values.name,
      pronouns: values.pronouns,
      bio: values.bio,
      links: values.links,
      vrchatPublic: values.vrchatPublic,
      vrchatName: values.vrchatName,
      pictureUrl: comic.picture_id ? comicPictureUrl(comic.picture_id) : null,
      locked: comic.locked_at !== null,
    },
    shows,
    signups: await homeSignups(db, comic, now),
    statementPath: paths.statement,
  }
}

async function homeSignups(db: Db, comic: ComicRow, now: Date): Promise<HomeSignup[]> {
  const email = comic.payout_email?.trim().toLowerCase() ?? ''
  const rows = await eventsNotEnded(db, now)
    .innerJoin('open_mic_signups as s', 's.show_id', 'events.id')
    .innerJoin('open_mics', 'open_mics.show_id', 'events.id')
    .selectAll('s')
    .select(['events.name', 'events.starts_at', 'open_mics.set_minutes'])
    .where((eb) =>
      eb.or([
        eb('s.comic_id', '=', comic.id),
        eb.and([eb('s.state', '=', 'pending'), eb('s.email', '=', email)]),
      ]),
    )
    .orderBy('s.id')
    .execute()
  // One line per show: a confirmed sign-up over a withdrawn one, and many pending requests as one.
  const rank = { confirmed: 0, pending: 1, withdrawn: 2 } as const
  const byShow = new Map<string, (typeof rows)[number]>()
  for (const row of rows) {
    const held = byShow.get(row.show_id)
    if (
      !held ||
      rank[row.state] < rank[held.state] ||
      (row.state === held.state && row.id > held.id)
    )
      byShow.set(row.show_id, row)
  }
  return [...byShow.values()].map((row) => ({
    id: row.id,
    showId: row.show_id,
    showName: row.name,
    startsAt: row.starts_at.toISOString(),
    state: row.state,
    list: row.state === 'confirmed' ? row.list : null,
    position: row.state === 'confirmed' ? row.position : null,
    plannedAt:
      row.state === 'confirmed' && row.list === 'slot' && row.position
        ? plannedAt(
            { set_minutes: row.set_minutes },
            { starts_at: row.starts_at },
            row.position,
          ).toISOString()
        : null,
    openMicPath: openMicPath(row.show_id),
  }))
}

/**
 * Withdraws the signed-in comic's own confirmed sign-up `signupId`: another comic's, or one that
 * is not confirmed, is refused as not theirs (the same answer, so nothing tells them apart).
 */
export async function withdrawOwnSignup(
  db: Db,
  comic: ComicRow,
  signupId: number,
  context: OpenMicContext,
): Promise<void> {
  const found = await db
    .selectFrom('open_mic_signups')
    .select(['id', 'show_id'])
    .where('id', '=', signupId)
    .where('comic_id', '=', comic.id)
    .where('state', '=', 'confirmed')
    .executeTakeFirst()
  if (!found) throw refuse.notFound(comicHomeTexts.noSignup)
  await withdrawConfirmed(db, found, context)
}

/**
 * The comic's own place at the open mic of `showId`, as its page shows it to them: by their
 * comic (a signed-in comic: their confirmed sign-up, else their latest; a pending request of their
 * address), or by a place mail's withdraw link (the sign-up it withdraws, while it holds). Never
 * anyone else's; undefined when there is none.
 */
export async function myPlace(
  db: Db,
  showId: string,
  who: { comic?: ComicRow | undefined; withdrawToken?: string | undefined },
): Promise<MyPlace | undefined> {
  const { comic, withdrawToken } = who
  let query = db
    .selectFrom('open_mic_signups as s')
    .innerJoin('open_mics', 'open_mics.show_id', 's.show_id')
    .innerJoin('events', 'events.id', 's.show_id')
    .selectAll('s')
    .select(['open_mics.set_minutes', 'events.starts_at'])
    .where('s.show_id', '=', showId)
  if (withdrawToken && withdrawToken.length <= 100) {
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('open_mic_withdraw_links as w')
          .select('w.signup_id')
          .whereRef('w.signup_id', '=', 's.id')
          .where('w.token_hash', '=', hashToken(withdrawToken)),
      ),
    )
  } else if (comic) {
    const email = comic.payout_email?.trim().toLowerCase() ?? ''
    query = query.where((eb) =>
      eb.or([
        eb('s.comic_id', '=', comic.id),
        eb.and([eb('s.state', '=', 'pending'), eb('s.email', '=', email)]),
      ]),
    )
  } else return undefined
  const rows = await query.orderBy('s.id', 'desc').execute()
  const rank = { confirmed: 0, pending: 1, withdrawn: 2 } as const
  const row = rows.sort((a, b) => rank[a.state] - rank[b.state])[0]
  if (!row) return undefined
  const confirmed = row.state === 'confirmed'
  return {
    signupId: row.id,
    state: row.state,
    list: confirmed ? row.list : null,
    position: confirmed ? row.position : null,
    plannedAt:
      confirmed && row.list === 'slot' && row.position
        ? plannedAt(row, row, row.position).toISOString()
        : null,
    timeZone: row.time_zone,
  }
}
