import { sql, type Updateable } from 'kysely'
import { type ComicValues, comicFields } from '../../shared/comic-fields'
import {
  type ComicLink,
  type ComicPublic,
  type ComicView,
  comicLimits,
  comicPictureUrl,
  slugFromName,
  slugPattern,
} from '../../shared/comics'
import { emptyValues, publicValues } from '../../shared/entity-fields'
import type { ComicRow, ComicsTable } from '../db/comic-tables'
import { readFields, writeFields } from '../db/field-columns'
import type { Db } from '../db/schema'
import { inTransaction } from '../db/transaction'
import { newComicId } from '../ids'
import { refuse } from '../refusal'
import { markEventsChanged } from '../schedule/events'
import { comicRefusalTexts as texts } from './comic-texts'
import { lockKeys } from './credit-rule'

/**
 * The roster of comics (docs/comics.md): who may be on a bill. A comic is found by id or by
 * slug; archiving keeps the row (their sets and credit stay) and takes them off every public
 * page and out of new lineups.
 */

/** A new comic's fields (shared/comic-fields.ts): the name, the rest as given. */
export type ComicFields = Partial<ComicValues> & Pick<ComicValues, 'name'>

export interface ComicChanges extends Partial<ComicValues> {
  archived?: boolean | undefined
}

const pictureUrlOf = (row: ComicRow) => (row.picture_id ? comicPictureUrl(row.picture_id) : null)

export function toComicPublic(row: ComicRow): ComicPublic {
  const values = readFields(comicFields, row)
  return { id: row.id, ...publicValues(comicFields, values), pictureUrl: pictureUrlOf(row) }
}

export function toComicView(row: ComicRow): ComicView {
  return {
    id: row.id,
    ...readFields(comicFields, row),
    pictureUrl: pictureUrlOf(row),
    archived: row.archived_at !== null,
    locked: row.locked_at !== null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  }
}

/** A comic by id ("cmc-...") or slug, archived or not. */
export async function findComic(db: Db, ref: string): Promise<ComicRow | undefined> {
  const key = ref.trim()
  return db
    .selectFrom('comics')
    .selectAll()
    .where((eb) => eb.or([eb('id', '=', key), eb('slug', '=', key.toLowerCase())]))
    .executeTakeFirst()
}

/** The comic, or a refusal naming what was typed. */
export async function comicOrRefuse(db: Db, ref: string): Promise<ComicRow> {
  const found = await findComic(db, ref)
  if (!found) throw refuse.notFound(texts.noComic(ref))
  return found
}

/** The roster by name; archived comics only when asked. */
export async function listComics(db: Db, options: { all?: boolean } = {}): Promise<ComicRow[]> {
  let query = db.selectFrom('comics').selectAll().orderBy('name').orderBy('id')
  if (!options.all) query = query.where('archived_at', 'is', null)
  return query.execute()
}

function checkLinks(links: readonly ComicLink[]): string {
  if (links.length > comicLimits.linksMax) throw refuse.invalid(texts.tooManyLinks)
  for (const link of links) {
    let url: URL | undefined
    try {
      url = new URL(link.url)
    } catch {
      url = undefined
    }
    if (url?.protocol !== 'https:') throw refuse.invalid(texts.badLink(link.url))
  }
  return JSON.stringify(links.map((link) => ({ label: link.label.trim(), url: link.url.trim() })))
}

async function checkSlug(db: Db, slug: string, comicId: string | undefined): Promise<string> {
  if (!slugPattern.test(slug) || slug.length > comicLimits.slugMax) {
    throw refuse.invalid(texts.badSlug(slug))
  }
  const holder = await db
    .selectFrom('comics')
    .select(['id', 'name'])
    .where('slug', '=', slug)
    .executeTakeFirst()
  if (holder && holder.id !== comicId) throw refuse.conflict(texts.slugTaken(slug, holder.name))
  return slug
}

/**
 * The roster's lock, held until the transaction ends: every comic is made (and every slug
 * changed) under it, so two confirmations at two shows at once make one comic per address and
 * never the same slug twice. An advisory lock, so it locks no row anyone else reads.
 */
export async function lockRoster(trx: Db): Promise<void> {
  await sql`select pg_advisory_xact_lock(${sql.raw(lockKeys.roster)})`.execute(trx)
}

/** A slug no comic has, from `name`: its own, else "-2", "-3"... after it, within the maximum. */
async function freeSlug(trx: Db, name: string): Promise<string> {
  const base = slugFromName(name) || 'comic'
  // Every candidate up to "-99999999" starts with this much of the name.
  const stem = slugFromName(base, '-99999999').slice(0, -'-99999999'.length)
  const taken = await trx
    .selectFrom('comics')
    .select('slug')
    .where('slug', 'like', `${stem}%`)
    .execute()
  const slugs = new Set(taken.map((t) => t.slug))
  let slug = base
  for (let n = 2; slugs.has(slug); n++) slug = slugFromName(base, `-${n}`)
  return slug
}

export async function addComic(db: Db, fields: ComicFields, now: Date): Promise<ComicRow> {
  const name = fields.name.trim()
  if (!name) throw refuse.invalid(texts.noName)
  return inTransaction(db, async (trx) => {
    await lockRoster(trx)
    const slug = await checkSlug(trx, fields.slug?.trim() || slugFromName(name), undefined)
    return trx
      .insertInto('comics')
      .values({
        ...writeFields(comicFields, { ...emptyValues(comicFields), ...fields }, checkLinks),
        id: newComicId(),
        slug,
        name,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
  })
}

/** What an open-mic sign-up gives the roster: the names typed and the address confirmed. */
export interface SignedUpComic {
  name: string
  vrchatName: string
  email: string
}

/**
 * The roster's comic whose payout address is the sign-up's, or a new one with its names, under
 * the roster's lock: one comic per address however many shows confirm at once. A new comic's
 * VRChat name stays private (the sign-up form says nothing private is public) until the host
 * makes it public, and its page says it came from a sign-up.
 */
export async function comicForSignup(trx: Db, signup: SignedUpComic, now: Date): Promise<ComicRow> {
  await lockRoster(trx)
  const known = await trx
    .selectFrom('comics')
    .selectAll()
    .where('payout_email', '=', signup.email)
    .where('archived_at', 'is', null)
    .orderBy('created_at')
    .executeTakeFirst()
  if (known) return known
  return trx
    .insertInto('comics')
    .values({
      id: newComicId(),
      slug: await freeSlug(trx, signup.name),
      name: signup.name,
      vrchat_name: signup.vrchatName,
      vrchat_public: false,
      from_signup: true,
      payout_email: signup.email,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}

/**
 * A slug changed: the old address redirects to the page's new one (docs/comics.md, "A comic's own
 * page"), and the new one is nobody's old address any more.
 */
async function keepOldAddress(db: Db, comic: ComicRow, slug: string, now: Date): Promise<void> {
  await db.deleteFrom('comic_slug_redirects').where('old_slug', '=', slug).execute()
  await db
    .insertInto('comic_slug_redirects')
    .values({ old_slug: comic.slug, comic_id: comic.id, created_at: now })
    .onConflict((oc) => oc.column('old_slug').doUpdateSet({ comic_id: comic.id, created_at: now }))
    .execute()
}

/** Changes what is given; `archived` archives or brings back. Answers the comic as it is now. */
export async function editComic(
  db: Db,
  ref: string,
  changes: ComicChanges,
  now: Date,
): Promise<{ comic: ComicRow; changed: boolean }> {
  const edit = await inTransaction(db, async (trx) => {
    await lockRoster(trx)
    return editLocked(trx, await comicOrRefuse(trx, ref), changes, now)
  })
  // A name, an address or an archive shows on the bills of the schedule fans read.
  if (edit.changed) markEventsChanged()
  return edit
}

async function editLocked(
  db: Db,
  comic: ComicRow,
  changes: ComicChanges,
  now: Date,
): Promise<{ comic: ComicRow; changed: boolean }> {
  const { archived: _, ...fields } = changes
  const values: Updateable<ComicsTable> = writeFields(comicFields, fields, checkLinks)
  if (values.name === '') throw refuse.invalid(texts.noName)
  if (values.slug !== undefined) values.slug = await checkSlug(db, values.slug, comic.id)
  if (changes.archived !== undefined && changes.archived !== (comic.archived_at !== null)) {
    values.archived_at = changes.archived ? now : null
  }
  const changed = Object.entries(values).some(
    ([key, value]) => key === 'archived_at' || comic[key as keyof ComicRow] !== value,
  )
  if (!changed) return { comic, changed: false }
  if (values.slug !== undefined && values.slug !== comic.slug) {
    await keepOldAddress(db, comic, values.slug, now)
  }
  const updated = await db
    .updateTable('comics')
    .set({ ...values, updated_at: now })
    .where('id', '=', comic.id)
    .returningAll()
    .executeTakeFirstOrThrow()
  return { comic: updated, changed: true }
}
