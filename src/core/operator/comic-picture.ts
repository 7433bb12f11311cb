import type { ComicView } from '../../shared/comics'
import { type PictureEncoder, readPicture, setComicPicture } from '../comics/pictures'
import { comicOrRefuse, toComicView } from '../comics/roster'
import type { Db } from '../db/schema'
import { type Actor, recordAudit } from './audit'

/**
 * A comic's new picture, from the console (bytes do not travel well as an operator action's JSON,
 * so this is its own call): checked, re-encoded, stored, written to the audit log. A refused file
 * changes nothing.
 */
export async function changeComicPicture(
  deps: { db: Db; encode: PictureEncoder; now: Date },
  actor: Actor,
  ref: string,
  bytes: Uint8Array | undefined,
): Promise<ComicView> {
  // An unknown comic is said before the file is judged.
  await comicOrRefuse(deps.db, ref)
  const picture = await readPicture(deps.encode, bytes)
  const comic = await setComicPicture(deps.db, ref, picture, deps.now)
  await recordAudit(
    deps.db,
    actor,
    {
      action: 'comics.picture',
      target: { type: 'comic', id: comic.id },
      summary: `Changed the picture of ${comic.name}`,
    },
    deps.now,
  )
  return toComicView(comic)
}
