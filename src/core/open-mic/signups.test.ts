import { describe, expect, test } from 'vitest'
import { testDatabases } from '#test/databases'
import { testPublicUrl, withTestApp } from '#test/test-app'
import { comicLimits } from '../../shared/comics'
import type { OpenMicSignup } from '../../shared/open-mic-api'
import type { OperatorActionName, OperatorInput } from '../../shared/operator'
import { comicPageData } from '../comics/comic-page-data'
import { runOperatorAction } from '../operator/run-action'
import { Refusal } from '../refusal'
import { openMicRefusalTexts as texts } from './open-mic-texts'
import { confirmSignup, signUp, signupToConfirm, withdrawSignup } from './signups'

const now = '2026-12-01T18:00:00Z'

/**
 * Sign-ups that only their owner can change (docs/comics.md, "Open mics"): a request made with
 * someone else's address, the comics confirmations make (once per address, under the roster's
 * lock, with slugs within the maximum), and what of them is public.
 */
describe.each(testDatabases)('sign-ups on $name', (database) => {
  const t = withTestApp(database, { now })
  const actor = { who: 'host@example.com', via: 'console' } as const
  const run = <N extends OperatorActionName>(name: N, input: OperatorInput<N>) =>
    runOperatorAction(
      { db: t.db, clock: t.clock, console: { publicUrl: testPublicUrl, adminEmails: [] } },
      actor,
      name,
      input,
    )
  const context = () => ({ publicUrl: testPublicUrl, now: t.clock.now() })
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (error: unknown) => (error instanceof Refusal ? [error.kind, error.message] : error),
    )

  let shows = 0
  async function newOpenMic(slots = 5): Promise<string> {
    shows++
    const { event } = await run('events.add', {
      name: `Sign-up Mic ${shows}`,
      startsAt: '2026-12-02T02:00:00Z',
    })
    await run('openmic.set', {
      show: event.id,
      slots,
      setMinutes: 5,
      opensAt: '2026-12-01T12:00:00Z',
      closesAt: '2026-12-02T01:00:00Z',
      rule: 'first-come',
    })
    return event.id
  }
  const form = (stageName: string, email: string, extra: Partial<OpenMicSignup> = {}) => ({
    stageName,
    email,
    vrchatName: `vr ${stageName}`,
    note: '',
    adult: true,
    ...extra,
  })

  /** Every mail to `to`, newest first, with the token of its confirm or withdraw link. */
  async function mailsTo(to: string, action: 'confirm' | 'withdraw') {
    const mails = await t.db
      .selectFrom('mail_outbox')
      .select(['subject', 'text_body'])
      .where('to_address', '=', to)
      .orderBy('id', 'desc')
      .execute()
    return mails.flatMap((mail) => {
      const token = new RegExp(`#${action}=([A-Za-z0-9_-]+)`).exec(mail.text_body)?.[1]
      return token ? [{ ...mail, token }] : []
    })
  }
  const latestToken = async (to: string, action: 'confirm' | 'withdraw') =>
    (await mailsTo(to, action))[0]?.token ?? ''

  test('a sign-up with a pending address changes nothing its owner typed and voids none of their links', async () => {
    const show = await newOpenMic()
    const owner = 'owner@example.com'
    await signUp(t.db, show, form('Owner Name', owner, { note: 'ten clean minutes' }), context())
    // Someone who knows the address asks with names of their own.
    await signUp(t.db, show, form('Impostor', owner, { note: 'sneaky' }), context())
    const [theirs, mine] = await mailsTo(owner, 'confirm')
    // Each mail names what its own link confirms; the page reads the same before it asks.
    expect(mine?.text_body).toContain('Stage name: Owner Name')
    expect(mine?.text_body).toContain('VRChat display name: vr Owner Name')
    expect(theirs?.text_body).toContain('Stage name: Impostor')
    expect(theirs?.text_body).not.toContain('Owner Name')
    expect(await signupToConfirm(t.db, mine?.token ?? '')).toEqual({
      showId: show,
      stageName: 'Owner Name',
      vrchatName: 'vr Owner Name',
      note: 'ten clean minutes',
    })
    expect(await signupToConfirm(t.db, theirs?.token ?? '')).toMatchObject({
      stageName: 'Impostor',
    })
    // The owner's own link still works, and confirms what the owner typed.
    expect(await confirmSignup(t.db, mine?.token ?? '', context())).toMatchObject({
      stageName: 'Owner Name',
      list: 'slot',
    })
    const view = await run('openmic.show', { show })
    expect(view.openMic.runningOrder.map((entry) => entry.name)).toEqual(['Owner Name'])
    expect(view.slots.map((s) => [s.stageName, s.vrchatName, s.note])).toEqual([
      ['Owner Name', 'vr Owner Name', 'ten clean minutes'],
    ])
    // Once the address is confirmed, the other request is spent.
    expect(view.pending).toEqual([])
    expect(await refusal(confirmSignup(t.db, theirs?.token ?? '', context()))).toEqual([
      'gone',
      texts.badLink,
    ])
    expect(await run('comics.show', { comic: view.slots[0]?.comicSlug ?? '' })).toMatchObject({
      name: 'Owner Name',
      vrchatName: 'vr Owner Name',
    })
  })

  test('a link from a request made with the address confirms only that request’s names', async () => {
    const show = await newOpenMic()
    const owner = 'reader@example.com'
    await signUp(t.db, show, form('Reader', owner), context())
    await signUp(t.db, show, form('Other Name', owner), context())
    const [other] = await mailsTo(owner, 'confirm')
    expect(await confirmSignup(t.db, other?.token ?? '', context())).toMatchObject({
      stageName: 'Other Name',
    })
    const view = await run('openmic.show', { show })
    expect(view.slots.map((s) => [s.stageName, s.vrchatName])).toEqual([
      ['Other Name', 'vr Other Name'],
    ])
  })

  test('a sign-up with a confirmed address changes nothing and leaves every withdraw link working', async () => {
    const show = await newOpenMic()
    const owner = 'placed@example.com'
    await signUp(t.db, show, form('Placed Comic', owner), context())
    await confirmSignup(t.db, await latestToken(owner, 'confirm'), context())
    const first = await latestToken(owner, 'withdraw')
    await signUp(t.db, show, form('Not Them', owner, { note: 'overwrite' }), context())
    const again = await mailsTo(owner, 'withdraw')
    expect(again[0]?.subject).toBe(`You are signed up already: Sign-up Mic ${shows}`)
    expect(again[0]?.token).not.toBe(first)
    const view = await run('openmic.show', { show })
    expect(view.slots.map((s) => [s.stageName, s.note])).toEqual([['Placed Comic', '']])
    expect(view.pending).toEqual([])
    // The link of the first place mail still withdraws; then no link does.
    expect(await withdrawSignup(t.db, first, context())).toMatchObject({
      stageName: 'Placed Comic',
    })
    expect(await refusal(withdrawSignup(t.db, again[0]?.token ?? '', context()))).toEqual([
      'gone',
      texts.badLink,
    ])
  })

  test('50 confirmations at once at 25 shows: one comic per address, one comic per stage name, no refusal', async () => {
    const showIds: string[] = []
    for (let i = 0; i < 25; i++) showIds.push(await newOpenMic(2))
    // One address at every show, and one stage name from 25 addresses.
    for (const [i, show] of showIds.entries()) {
      await signUp(t.db, show, form('Dup Address', 'dup@example.com'), context())
      await signUp(t.db, show, form('Same Name', `same${i}@example.com`), context())
    }
    const tokens = [
      ...(await mailsTo('dup@example.com', 'confirm')).map((mail) => mail.token),
      ...(await Promise.all(showIds.map((_, i) => latestToken(`same${i}@example.com`, 'confirm')))),
    ]
    expect(tokens).toHaveLength(50)
    const places = await Promise.all(tokens.map((token) => confirmSignup(t.db, token, context())))
    expect(places.every((place) => place.list === 'slot')).toBe(true)
    const dup = await t.db
      .selectFrom('comics')
      .select('id')
      .where('payout_email', '=', 'dup@example.com')
      .execute()
    expect(dup).toHaveLength(1)
    const signups = await t.db
      .selectFrom('open_mic_signups')
      .select('comic_id')
      .where('email', '=', 'dup@example.com')
      .execute()
    expect(new Set(signups.map((s) => s.comic_id))).toEqual(new Set([dup[0]?.id]))
    const same = await t.db
      .selectFrom('comics')
      .select('slug')
      .where('name', '=', 'Same Name')
      .execute()
    expect(new Set(same.map((c) => c.slug)).size).toBe(25)
  })

  test('a long stage name signed up again and again gets slugs within the maximum, each with its page', async () => {
    const show = await newOpenMic(5)
    const name = 'Ha'.repeat(30)
    for (const i of [1, 2, 3, 4]) {
      await signUp(t.db, show, form(name, `long${i}@example.com`, { vrchatName: 'Ha' }), context())
      await confirmSignup(t.db, await latestToken(`long${i}@example.com`, 'confirm'), context())
    }
    const slugs = (
      await t.db.selectFrom('comics').select('slug').where('name', '=', name).execute()
    ).map((c) => c.slug)
    expect(slugs).toHaveLength(4)
    expect(new Set(slugs).size).toBe(4)
    for (const slug of slugs) {
      expect(slug.length).toBeLessThanOrEqual(comicLimits.slugMax)
      expect(await comicPageData(t.db, slug, [])).toMatchObject({ state: 'found' })
    }
    expect(slugs).toContain(`${'ha'.repeat(29)}-2`)
  })

  test('a comic made from a sign-up has no public VRChat name until the host makes it public', async () => {
    const show = await newOpenMic()
    await signUp(t.db, show, form('Quiet Comic', 'quiet@example.com'), context())
    await confirmSignup(t.db, await latestToken('quiet@example.com', 'confirm'), context())
    const slug = (await run('openmic.show', { show })).slots[0]?.comicSlug ?? ''
    // The host sees it, marked private; the public sees none.
    expect(await run('comics.show', { comic: slug })).toMatchObject({
      vrchatName: 'vr Quiet Comic',
      vrchatPublic: false,
    })
    expect(await comicPageData(t.db, slug, [])).toMatchObject({
      state: 'found',
      comic: { vrchatName: '' },
      fromSignup: true,
    })
    await run('openmic.use-lineup', { show })
    const lineup = await run('lineup.show', { show })
    expect(lineup.entries.map((entry) => entry.comic.vrchatName)).toEqual([''])
    await run('comics.edit', { comic: slug, vrchatPublic: true })
    expect(await comicPageData(t.db, slug, [])).toMatchObject({
      comic: { vrchatName: 'vr Quiet Comic' },
    })
    // A comic the host adds keeps a public VRChat name, unless the host says otherwise.
    const added = await run('comics.add', { name: 'Host Added', vrchatName: 'HostVR' })
    expect(added.comic).toMatchObject({ vrchatName: 'HostVR', vrchatPublic: true })
  })
})
