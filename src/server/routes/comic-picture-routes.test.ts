import sharp from 'sharp'
import { beforeAll, describe, expect, test } from 'vitest'
import { type ConsoleCredentials, consoleAction, signInToConsole } from '#test/console'
import { testDatabases } from '#test/databases'
import { withTestApp } from '#test/test-app'
import { pictureRefusalTexts as texts } from '../../core/comics/picture-texts'
import { listAudit } from '../../core/operator/audit'
import { comicPictureLimits } from '../../shared/comic-pictures'
import type { ComicView } from '../../shared/comics'
import { consoleApi, consoleMessages, csrfHeader } from '../../shared/console'

const host = 'host@example.com'

/** A photo as a phone or a laptop would send it: not square, not the site's size. */
const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#c04020' } })

describe.each(testDatabases)("a comic's picture on $name", (database) => {
  const t = withTestApp(database, { now: '2026-11-22T18:00:00Z', adminEmails: [host] })
  let signedIn: ConsoleCredentials
  let jpeg: Buffer
  let png: Buffer
  beforeAll(async () => {
    signedIn = await signInToConsole(t.app, t.db, host)
    jpeg = await photo(1200, 800).jpeg().toBuffer()
    png = await photo(300, 900).png().toBuffer()
  })

  let comics = 0
  async function newComic(): Promise<ComicView> {
    comics++
    const answer = await consoleAction(t.app, signedIn, 'comics.add', {
      name: `Pic Comic ${comics}`,
    })
    return answer.json().comic
  }
  const upload = (
    comicId: string,
    body: Buffer | string,
    type = 'image/jpeg',
    credentials: Partial<ConsoleCredentials> = signedIn,
  ) =>
    t.app.inject({
      method: 'POST',
      url: consoleApi.comicPicture(comicId),
      headers: {
        'content-type': type,
        ...(credentials.cookie ? { cookie: credentials.cookie } : {}),
        ...(credentials.csrfToken ? { [csrfHeader]: credentials.csrfToken } : {}),
      },
      payload: body,
    })
  const pictureCount = async () =>
    Number(
      (
        await t.db
          .selectFrom('comic_pictures')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
  const comicRow = (id: string) =>
    t.db.selectFrom('comics').selectAll().where('id', '=', id).executeTakeFirstOrThrow()

  test('a JPEG is re-encoded to a 480 px square WebP, served for a year under its own URL', async () => {
    const comic = await newComic()
    const answer = await upload(comic.id, jpeg)
    expect(answer.statusCode).toBe(200)
    const view: ComicView = answer.json()
    expect(view).toMatchObject({ id: comic.id, name: comic.name, archived: false })
    expect(view.pictureUrl).toMatch(/^\/media\/comics\/[0-9A-Za-z]{16}\.webp$/)

    const served = await t.app.inject({ url: view.pictureUrl ?? '' })
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/webp')
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    const meta = await sharp(served.rawPayload).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 480, 480])
    const etag = String(served.headers.etag)
    const again = await t.app.inject({
      url: view.pictureUrl ?? '',
      headers: { 'if-none-match': etag },
    })
    expect(again.statusCode).toBe(304)

    const log = await listAudit(t.db, { search: comic.id, page: 1, pageSize: 5 })
    expect(log.items[0]).toMatchObject({
      action: 'comics.picture',
      summary: `Changed the picture of ${comic.name}`,
    })
  })

  test('a PNG replaces the picture: a new URL, the old one gone', async () => {
    const comic = await newComic()
    const first: ComicView = (await upload(comic.id, jpeg)).json()
    const second = await upload(comic.id, png, 'image/png')
    expect(second.statusCode).toBe(200)
    const view: ComicView = second.json()
    expect(view.pictureUrl).not.toBe(first.pictureUrl)
    const served = await t.app.inject({ url: view.pictureUrl ?? '' })
    const meta = await sharp(served.rawPayload).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 480, 480])
    expect((await t.app.inject({ url: first.pictureUrl ?? '' })).statusCode).toBe(404)
  })

  test('the type is told by the content: a WebP sent as anything is taken', async () => {
    const comic = await newComic()
    const webp = await photo(640, 640).webp().toBuffer()
    const answer = await upload(comic.id, webp, 'application/octet-stream')
    expect(answer.statusCode).toBe(200)
    expect(answer.json().pictureUrl).toMatch(/\.webp$/)
  })

  test('a bad file is refused with a sentence, and nothing changes', async () => {
    const comic = await newComic()
    const kept: ComicView = (await upload(comic.id, jpeg)).json()
    const before = { row: await comicRow(comic.id), pictures: await pictureCount() }
    const refusals: [Buffer | string, string, string][] = [
      // A text file renamed picture.png: the browser sends it as image/png.
      ['Just some notes, not a picture.\n', 'image/png', texts.notAPicture],
      [Buffer.alloc(0), 'image/jpeg', texts.noPicture],
      [jpeg.subarray(0, Math.floor(jpeg.length / 2)), 'image/jpeg', texts.undecodable],
      [
        Buffer.concat([jpeg, Buffer.alloc(comicPictureLimits.maxBytes)]),
        'image/jpeg',
        texts.tooLarge,
      ],
    ]
    for (const [body, type, sentence] of refusals) {
      const answer = await upload(comic.id, body, type)
      expect(answer.statusCode, sentence).toBe(400)
      expect(answer.json()).toEqual({ message: sentence })
    }
    expect(await comicRow(comic.id)).toEqual(before.row)
    expect(await pictureCount()).toBe(before.pictures)
    expect((await t.app.inject({ url: kept.pictureUrl ?? '' })).statusCode).toBe(200)
  })

  test('a picture of too many pixels is refused before it is decoded', async () => {
    const comic = await newComic()
    // Small as a file (one colour), huge as pixels.
    const side = Math.ceil(Math.sqrt(comicPictureLimits.maxPixels)) + 1
    const bomb = await photo(side, side).png({ compressionLevel: 9 }).toBuffer()
    expect(bomb.length).toBeLessThan(comicPictureLimits.maxBytes)
    const answer = await upload(comic.id, bomb, 'image/png')
    expect(answer.json()).toEqual({ message: texts.tooManyPixels })
    expect((await comicRow(comic.id)).picture_id).toBeNull()
  })

  test('only a signed-in host with the CSRF token may change a picture; an unknown comic is 404', async () => {
    const comic = await newComic()
    const nobody = await upload(comic.id, jpeg, 'image/jpeg', {})
    expect(nobody.statusCode).toBe(401)
    expect(nobody.json()).toEqual({ message: consoleMessages.notSignedIn })
    const noToken = await upload(comic.id, jpeg, 'image/jpeg', { cookie: signedIn.cookie })
    expect(noToken.statusCode).toBe(403)
    expect((await upload('cmc-nosuchone', jpeg)).statusCode).toBe(404)
    expect((await comicRow(comic.id)).picture_id).toBeNull()
  })

  test('a picture that does not exist is a 404', async () => {
    for (const url of ['/media/comics/AAAAAAAAAAAAAAAA.webp', '/media/comics/..%2f.webp']) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(404)
    }
  })
})
