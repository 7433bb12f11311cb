import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, describe, expect, test } from 'vitest'
import { addComicWithPayout, signInAtHome } from '#test/comic-statement'
import { testDatabases } from '#test/databases'
import { withTestApp } from '#test/test-app'
import { comicRefusalTexts } from '../../core/comics/comic-texts'
import { pictureRefusalTexts } from '../../core/comics/picture-texts'
import { listAudit } from '../../core/operator/audit'
import { editOwnPage } from '../../core/operator/comic-own-page'
import { runOperatorAction } from '../../core/operator/run-action'
import { comicHomeApi, comicHomeTexts } from '../../shared/comic-home'
import type { ComicHome } from '../../shared/comic-home-api'
import { comicPictureLimits } from '../../shared/comic-pictures'
import { comicCsrfHeader } from '../../shared/comic-statement'
import type { OperatorActionName, OperatorInput } from '../../shared/operator'
import { render } from '../../web/app/entry-server'

// A built client, as the comic page's renderer needs one (its template), for the old address's redirect.
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'punchline-own-page-dist-'))
const clientDir = path.join(dist, 'client')
fs.mkdirSync(path.join(dist, 'templates'), { recursive: true })
fs.mkdirSync(clientDir)
fs.writeFileSync(path.join(clientDir, 'index.html'), '<html><body>built</body></html>')
fs.writeFileSync(path.join(clientDir, 'comic.html'), '<html><body>built comic</body></html>')
fs.writeFileSync(
  path.join(dist, 'templates', 'comic.html'),
  '<html><head><!--page-head--></head><body><div id="root" data-route="/comics/:slug"><!--app-html--></div><!--app-data--></body></html>',
)
fs.writeFileSync(
  path.join(clientDir, 'shell.html'),
  '<html><body><div id="root"></div></body></html>',
)
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }))

const host = 'host.own@example.com'

describe.each(testDatabases)("a comic's public page in their hands on $name", (database) => {
  const t = withTestApp(database, {
    now: '2026-11-22T18:00:00Z',
    adminEmails: [host],
    clientDir,
    renderPage: render,
    rateLimitMax: {
      comicSignIn: 1e9,
      comicSignInPerAddressNetwork: 1e9,
      comicSignInPerAddress: 1e9,
    },
  })
  const actor = { who: host, via: 'console' } as const
  const run = <N extends OperatorActionName>(name: N, input: OperatorInput<N>) =>
    runOperatorAction({ db: t.db, clock: t.clock }, actor, name, input)
  const edit = (signedIn: { cookie: string; csrfToken: string }, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: comicHomeApi.page,
      headers: { cookie: signedIn.cookie, [comicCsrfHeader]: signedIn.csrfToken },
      payload,
    })
  let comics = 0
  async function signedInComic(name: string) {
    comics++
    const email = `own${comics}@example.com`
    const comic = await addComicWithPayout(t.db, name, email)
    return { comic, email, ...(await signInAtHome(t.app, t.db, email)) }
  }

  test('a comic edits their stage name, pronouns, bio, links and VRChat choice; the host sees it in the audit log', async () => {
    const ida = await signedInComic('Ida Own')
    const answer = await edit(ida, {
      name: 'Ida Owens',
      pronouns: 'she/her',
      bio: 'Jokes about trains.',
      links: [{ label: 'Site', url: 'https://ida.example.com' }],
      vrchatPublic: false,
    })
    expect(answer.statusCode).toBe(200)
    expect((answer.json() as ComicHome).page).toMatchObject({
      name: 'Ida Owens',
      pronouns: 'she/her',
      bio: 'Jokes about trains.',
      links: [{ label: 'Site', url: 'https://ida.example.com' }],
      vrchatPublic: false,
      locked: false,
    })
    const page = await t.app.inject({ url: `/comics/${ida.comic.slug}` })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('Jokes about trains.')
    const audit = await listAudit(t.db, { search: ida.comic.id, page: 1, pageSize: 10 })
    expect(audit.items).toEqual([
      expect.objectContaining({
        actor: ida.email,
        via: 'comic',
        action: 'comics.own-edit',
        summary: 'Ida Own changed their page: name, pronouns, bio, vrchatPublic, links',
      }),
    ])
  })

  test("the host's fields, bad values and another comic are out of reach; nothing changes", async () => {
    const kai = await signedInComic('Kai Keep')
    const lou = await signedInComic('Lou Other')
    for (const [payload, message] of [
      [{ slug: 'kai-new' }, comicRefusalTexts.notYours('slug')],
      [{ payoutEmail: 'thief@example.com' }, comicRefusalTexts.notYours('payoutEmail')],
      [{ vrchatName: 'Someone' }, comicRefusalTexts.notYours('vrchatName')],
      [{ bio: 'x'.repeat(1001) }, comicHomeTexts.fieldRefused('Bio')],
      [
        { links: [{ label: 'Bad', url: 'http://kai.example.com' }] },
        comicRefusalTexts.badLink('http://kai.example.com'),
      ],
      [{ name: '' }, comicRefusalTexts.noName],
    ] as const) {
      const refused = await edit(kai, payload)
      expect([refused.statusCode, refused.json()], JSON.stringify(payload)).toEqual([
        400,
        { message },
      ])
    }
    // Lou's session edits Lou's page, whatever it sends: no request names a comic.
    await edit(lou, { bio: 'Lou only.', id: kai.comic.id })
    const rows = await t.db
      .selectFrom('comics')
      .select(['id', 'slug', 'bio', 'payout_email', 'vrchat_name', 'name'])
      .where('id', 'in', [kai.comic.id, lou.comic.id])
      .orderBy('name')
      .execute()
    expect(rows).toEqual([
      {
        id: kai.comic.id,
        slug: kai.comic.slug,
        bio: '',
        payout_email: kai.email,
        vrchat_name: '',
        name: 'Kai Keep',
      },
      {
        id: lou.comic.id,
        slug: lou.comic.slug,
        bio: '',
        payout_email: lou.email,
        vrchat_name: '',
        name: 'Lou Other',
      },
    ])
    // Core refuses the host's fields too, whoever calls it.
    await expect(
      editOwnPage(t.db, { comic: kai.comic, email: kai.email }, { slug: 'x' }, t.clock.now()),
    ).rejects.toThrow(comicRefusalTexts.notYours('slug'))
    // Without the session's CSRF token, nothing.
    const noToken = await t.app.inject({
      method: 'POST',
      url: comicHomeApi.page,
      headers: { cookie: kai.cookie },
      payload: { bio: 'sneaky' },
    })
    expect(noToken.statusCode).toBe(403)
  })

  test('after the host locks a page nothing changes from it; unlocked, it does; the host undoes a change', async () => {
    const mo = await signedInComic('Mo Lock')
    expect((await edit(mo, { bio: 'First bio.' })).statusCode).toBe(200)
    expect(await run('comics.lock', { comic: mo.comic.id })).toMatchObject({
      changed: true,
      comic: { locked: true },
    })
    const refused = await edit(mo, { bio: 'Second bio.' })
    expect([refused.statusCode, refused.json()]).toEqual([
      403,
      { message: comicRefusalTexts.locked },
    ])
    const picture = await sharp({
      create: { width: 400, height: 300, channels: 3, background: '#123456' },
    })
      .jpeg()
      .toBuffer()
    const pictureRefused = await t.app.inject({
      method: 'POST',
      url: comicHomeApi.picture,
      headers: { cookie: mo.cookie, [comicCsrfHeader]: mo.csrfToken, 'content-type': 'image/jpeg' },
      payload: picture,
    })
    expect(pictureRefused.statusCode).toBe(403)
    await run('comics.lock', { comic: mo.comic.id, unlock: true })
    expect((await edit(mo, { bio: 'Second bio.' })).statusCode).toBe(200)
    const changes = await run('comics.changes', { comic: mo.comic.id })
    expect(changes.map((c) => [c.before, c.after, c.undone])).toEqual([
      [{ bio: 'First bio.' }, { bio: 'Second bio.' }, false],
      [{ bio: '' }, { bio: 'First bio.' }, false],
    ])
    const undone = await run('comics.undo', { comic: mo.comic.id })
    expect(undone).toMatchObject({ comic: { bio: 'First bio.' }, fields: ['bio'] })
    const audit = await listAudit(t.db, { search: mo.comic.id, page: 1, pageSize: 10 })
    expect(audit.items.map((e) => [e.via, e.action])).toEqual([
      ['console', 'comics.undo'],
      ['comic', 'comics.own-edit'],
      ['console', 'comics.lock'],
      ['console', 'comics.lock'],
      ['comic', 'comics.own-edit'],
    ])
  })

  test("a comic's picture: the console's checks and re-encoding; the host can take it off again", async () => {
    const pia = await signedInComic('Pia Picture')
    const upload = (payload: Buffer | string) =>
      t.app.inject({
        method: 'POST',
        url: comicHomeApi.picture,
        headers: {
          cookie: pia.cookie,
          [comicCsrfHeader]: pia.csrfToken,
          'content-type': 'image/png',
        },
        payload,
      })
    const notAPicture = await upload('just text')
    expect([notAPicture.statusCode, notAPicture.json()]).toEqual([
      400,
      { message: pictureRefusalTexts.notAPicture },
    ])
    const png = await sharp({
      create: { width: 300, height: 900, channels: 3, background: '#c04020' },
    })
      .png()
      .toBuffer()
    const answer = await upload(png)
    expect(answer.statusCode).toBe(200)
    const url = (answer.json() as ComicHome).page.pictureUrl ?? ''
    expect(url).toMatch(/^\/media\/comics\/\w{16}\.webp$/)
    const served = await t.app.inject({ url })
    expect(served.headers['content-type']).toBe('image/webp')
    const meta = await sharp(served.rawPayload).metadata()
    const size = comicPictureLimits.size
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', size, size])
    await run('comics.undo', { comic: pia.comic.id })
    expect((await run('comics.show', { comic: pia.comic.id })).pictureUrl).toBeNull()
  })

  test("a slug the host changes keeps the old address redirecting to the page's new one", async () => {
    const { comic } = await signedInComic('Sol Slug')
    await run('comics.edit', { comic: comic.id, slug: 'sol-new' })
    const old = await t.app.inject({ url: `/comics/${comic.slug}` })
    expect([old.statusCode, old.headers.location]).toEqual([301, '/comics/sol-new'])
    await run('comics.edit', { comic: comic.id, slug: 'sol-newest' })
    for (const slug of [comic.slug, 'sol-new']) {
      const moved = await t.app.inject({ url: `/comics/${slug}` })
      expect([moved.statusCode, moved.headers.location]).toEqual([301, '/comics/sol-newest'])
    }
    // An old address another comic takes is theirs from then on.
    await run('comics.add', { name: 'Other Sol', slug: 'sol-new' })
    expect((await t.app.inject({ url: '/comics/sol-new' })).statusCode).toBe(200)
  })
})
