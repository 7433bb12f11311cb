import { type ComicValues, comicFields } from '../../shared/comic-fields'
import type { ComicView } from '../../shared/comics'
import { selfEditKeys } from '../../shared/entity-fields'
import { comicRefusalTexts as texts } from '../comics/comic-texts'
import { type PictureEncoder, readPicture, setComicPicture } from '../comics/pictures'
import { comicOrRefuse, editComic, toComicView } from '../comics/roster'
import type { ComicRow } from '../db/comic-tables'
import { readFields } from '../db/field-columns'
import type { Db } from '../db/schema'
import { inTransaction } from '../db/transaction'
import { refuse } from '../refusal'
import { type Actor, recordAudit } from './audit'

/**
 * A comic's public page in their hands (docs/comics.md, "A comic's own page"): the fields the
 * declaration lets them edit (`selfEdit` in shared/comic-fields.ts) and their picture, checked as
 * the host's edits are; refused once the host has locked the page. Each change is kept with the
 * values before and after, for the host to undo, and written to the audit log.
 */

/** The fields a comic edits on their own page, from the one declaration. */
export const ownPageKeys = selfEditKeys(comicFields)
export type OwnPageChanges = Partial<ComicValues>

/** A change's values: the fields', and `picture` (the picture's id, null for none). */
type Values = Record<string, unknown>

const comicActor = (email: string): Actor => ({ who: email, via: 'comic' })

function lockedOrFine(comic: ComicRow): void {
  if (comic.locked_at) throw refuse.forbidden(texts.locked)
}

async function keepChange(
  db: Db,
  comic: ComicRow,
  before: Values,
  after: Values,
  now: Date,
): Promise<void> {
  await db
    .insertInto('comic_page_changes')
    .values({
      comic_id: comic.id,
      at: now,
      before: JSON.stringify(before),
      after: JSON.stringify(after),
    })
    .execute()
}

/**
 * Edits the signed-in comic's own page with `changes` (only their own fields: any other is
 * refused, naming it). Answers the comic as it is now; nothing is kept when nothing changed.
 */
export async function editOwnPage(
  db: Db,
  signedIn: { comic: ComicRow; email: string },
  changes: OwnPageChanges,
  now: Date,
): Promise<ComicRow> {
  const hostOnly = Object.keys(changes).filter((key) => !(ownPageKeys as string[]).includes(key))
  if (hostOnly.length > 0) throw refuse.invalid(texts.notYours(hostOnly.join(', ')))
  const result = await inTransaction(db, async (trx) => {
    const comic = await comicOrRefuse(trx, signedIn.comic.id)
    lockedOrFine(comic)
    const edit = await editComic(trx, comic.id, changes, now)
    if (!edit.changed) return edit
    const was = readFields(comicFields, comic)
    const is = readFields(comicFields, edit.comic)
    const keys = ownPageKeys.filter((key) => JSON.stringify(was[key]) !== JSON.stringify(is[key]))
    const pick = (values: Values) => Object.fromEntries(keys.map((key) => [key, values[key]]))
    await keepChange(trx, comic, pick(was), pick(is), now)
    await recordAudit(
      trx,
      comicActor(signedIn.email),
      {
        action: 'comics.own-edit',
        target: { type: 'comic', id: comic.id },
        summary: `${comic.name} changed their page: ${keys.join(', ')}`,
      },
      now,
    )
    return edit
  })
  return result.comic
}

/** The signed-in comic's new picture: the console's checks and re-encoding, then kept as a change. */
export async function setOwnPicture(
  deps: { db: Db; encode: PictureEncoder; now: Date },
  signedIn: { comic: ComicRow; email: string },
  bytes: Uint8Array | undefined,
): Promise<ComicRow> {
  const before = await comicOrRefuse(deps.db, signedIn.comic.id)
  lockedOrFine(before)
  const picture = await readPicture(deps.encode, bytes)
  const comic = await setComicPicture(deps.db, before.id, picture, deps.now)
  // The old picture is gone (one picture per comic): undoing takes the picture off.
  await keepChange(deps.db, comic, { picture: null }, { picture: comic.picture_id }, deps.now)
  await recordAudit(
    deps.db,
    comicActor(signedIn.email),
    {
      action: 'comics.own-picture',
      target: { type: 'comic', id: comic.id },
      summary: `${comic.name} changed their picture`,
    },
    deps.now,
  )
  return comic
}

/** The host's lock on a comic's own edits: on, or off with `unlock`. */
export async function lockOwnPage(
  db: Db,
  ref: string,
  unlock: boolean,
  now: Date,
): Promise<{ comic: ComicRow; changed: boolean }> {
  const comic = await comicOrRefuse(db, ref)
  if ((comic.locked_at !== null) === !unlock) return { comic, changed: false }
  const updated = await db
    .updateTable('comics')
    .set({ locked_at: unlock ? null : now, updated_at: now })
    .where('id', '=', comic.id)
    .returningAll()
    .executeTakeFirstOrThrow()
  return { comic: updated, changed: true }
}

/** A comic's own changes of their page, newest first, as the host reads them. */
export async function ownPageChanges(db: Db, ref: string) {
  const comic = await comicOrRefuse(db, ref)
  const rows = await db
    .selectFrom('comic_page_changes')
    .selectAll()
    .where('comic_id', '=', comic.id)
    .orderBy('id', 'desc')
    .limit(50)
    .execute()
  return rows.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    before: JSON.parse(row.before) as Values,
    after: JSON.parse(row.after) as Values,
    undone: row.undone_at !== null,
  }))
}

/**
 * Undoes a comic's own change of their page (`changeId`, or their latest not undone): its fields
 * back to what they were before it, a picture taken off. Answers the comic and the change undone.
 */
export async function undoOwnChange(
  db: Db,
  ref: string,
  changeId: number | undefined,
  now: Date,
): Promise<{ comic: ComicView; change: number; fields: string[] }> {
  return inTransaction(db, async (trx) => {
    const comic = await comicOrRefuse(trx, ref)
    let query = trx
      .selectFrom('comic_page_changes')
      .selectAll()
      .where('comic_id', '=', comic.id)
      .where('undone_at', 'is', null)
    if (changeId !== undefined) query = query.where('id', '=', changeId)
    const change = await query.orderBy('id', 'desc').executeTakeFirst()
    if (!change) {
      throw changeId === undefined
        ? refuse.notFound(texts.noChange(comic.name))
        : refuse.notFound(texts.noSuchChange(changeId, comic.name))
    }
    const { picture, ...fields } = JSON.parse(change.before) as Values
    let row = comic
    if (Object.keys(fields).length > 0) {
      row = (await editComic(trx, comic.id, fields as OwnPageChanges, now)).comic
    }
    if ('picture' in JSON.parse(change.before)) {
      await trx.deleteFrom('comic_pictures').where('comic_id', '=', comic.id).execute()
      row = await trx
        .updateTable('comics')
        .set({ picture_id: (picture as string | null) ?? null, updated_at: now })
        .where('id', '=', comic.id)
        .returningAll()
        .executeTakeFirstOrThrow()
    }
    await trx
      .updateTable('comic_page_changes')
      .set({ undone_at: now })
      .where('id', '=', change.id)
      .execute()
    return {
      comic: toComicView(row),
      change: change.id,
      fields: Object.keys(JSON.parse(change.before) as Values),
    }
  })
}
