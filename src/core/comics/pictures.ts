import { type ComicPictureFormat, comicPictureLimits } from '../../shared/comic-pictures'
import type { ComicRow } from '../db/comic-tables'
import type { Db } from '../db/schema'
import { inTransaction } from '../db/transaction'
import { newPictureId } from '../ids'
import { refuse } from '../refusal'
import { pictureRefusalTexts as texts } from './picture-texts'
import { comicOrRefuse } from './roster'

/**
 * A comic's picture (docs/decisions/023-comic-pictures.md): the bytes the host sent are judged by
 * their content, re-encoded by the encoder (an adapter: server/adapters/picture-encoder.ts) and
 * stored as a new row, so its URL is new and may be cached forever.
 */

/** The picture as the site serves it. */
export interface EncodedPicture {
  data: Uint8Array
  contentType: 'image/webp'
  width: number
  height: number
}

/** Decodes a picture and re-encodes it to the site's one size and format, or says why not. */
export type PictureEncoder = (
  bytes: Uint8Array,
) => Promise<EncodedPicture | 'undecodable' | 'too-many-pixels'>

const startsWith = (bytes: Uint8Array, at: number, expected: readonly number[]) =>
  expected.every((byte, i) => bytes[at + i] === byte)
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0))

/** The format the file's first bytes (its magic number) say it is, or undefined. */
export function sniffPicture(bytes: Uint8Array): ComicPictureFormat | undefined {
  if (startsWith(bytes, 0, [0xff, 0xd8, 0xff])) return 'jpeg'
  if (startsWith(bytes, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png'
  if (startsWith(bytes, 0, ascii('RIFF')) && startsWith(bytes, 8, ascii('WEBP'))) return 'webp'
  return undefined
}

/**
 * Checks and re-encodes the sent bytes: the picture to store, or a refusal saying why not. Nothing
 * is written here.
 */
export async function readPicture(
  encode: PictureEncoder,
  bytes: Uint8Array | undefined,
): Promise<EncodedPicture> {
  if (!bytes || bytes.length === 0) throw refuse.invalid(texts.noPicture)
  if (bytes.length > comicPictureLimits.maxBytes) throw refuse.invalid(texts.tooLarge)
  if (!sniffPicture(bytes)) throw refuse.invalid(texts.notAPicture)
  const encoded = await encode(bytes)
  if (encoded === 'undecodable') throw refuse.invalid(texts.undecodable)
  if (encoded === 'too-many-pixels') throw refuse.invalid(texts.tooManyPixels)
  return encoded
}

/**
 * Gives the comic a new picture: stored, named on the comic, the one it replaces deleted (no page
 * names it any more), all at once. Answers the comic as it is now.
 */
export async function setComicPicture(
  db: Db,
  ref: string,
  picture: EncodedPicture,
  now: Date,
): Promise<ComicRow> {
  const comic = await comicOrRefuse(db, ref)
  return inTransaction(db, async (trx) => {
    const id = newPictureId()
    await trx
      .insertInto('comic_pictures')
      .values({
        id,
        comic_id: comic.id,
        content_type: picture.contentType,
        data: picture.data,
        width: picture.width,
        height: picture.height,
        created_at: now,
      })
      .execute()
    const updated = await trx
      .updateTable('comics')
      .set({ picture_id: id, updated_at: now })
      .where('id', '=', comic.id)
      .returningAll()
      .executeTakeFirstOrThrow()
    await trx
      .deleteFrom('comic_pictures')
      .where('comic_id', '=', comic.id)
      .where('id', '!=', id)
      .execute()
    return updated
  })
}

/** A stored picture by its id, as served. */
export async function findPicture(
  db: Db,
  id: string,
): Promise<{ id: string; content_type: string; data: Uint8Array } | undefined> {
  return db
    .selectFrom('comic_pictures')
    .select(['id', 'content_type', 'data'])
    .where('id', '=', id)
    .executeTakeFirst()
}
