import { describe, expect, test } from 'vitest'
import { buyCodes, cartLine, postCheckout, startCheckout } from '#test/checkout'
import { creditHelpers, creditPlayer } from '#test/credit'
import { testDatabases } from '#test/databases'
import { insertMembership } from '#test/memberships'
import { withTestApp } from '#test/test-app'
import type { Grant } from '../../core/grants/grant'
import type { StageEvent } from '../../core/stage-stream/publish'
import { boardView, type StagePanel, stagePanelView } from '../../shared/board'
import { formatCode } from '../../shared/code-format'
import { codeMessagePath } from '../../shared/code-message-api'
import { fanWordsTexts } from '../../shared/fan-words'
import type { LiveFeed } from '../../shared/live'

/** Sunday 22 November 2026, 16:30 CST: half an hour into the Sunday show. */
const duringShow = '2026-11-22T22:30:00Z'

describe.each(testDatabases)("fans' names and messages with their gifts on $name", (database) => {
  const t = withTestApp(database, { now: duringShow, trustProxyHops: 1 })
  const { onStage, redeem } = creditHelpers(t, duringShow)

  async function feed(): Promise<LiveFeed> {
    t.clock.advance(5_000)
    return (await t.app.inject({ method: 'GET', url: '/api/live' })).json()
  }
  const saveMessage = (sessionId: string, code: string, message: string) =>
    t.app.inject({
      method: 'POST',
      url: codeMessagePath,
      headers: { 'content-type': 'application/json', 'x-forwarded-for': creditPlayer() },
      payload: JSON.stringify({ sessionId, code, message }),
    })
  async function sessionOf(code: string): Promise<string> {
    const row = await t.db
      .selectFrom('codes as c')
      .innerJoin('orders as o', 'o.id', 'c.order_id')
      .select('o.session_id')
      .where('c.code', '=', code)
      .executeTakeFirstOrThrow()
    return row.session_id
  }
  /** What redeeming `typed` told the app and the stream. */
  async function granting(typed: string) {
    const grants: Grant[] = []
    const events: StageEvent[] = []
    const stopGrants = t.app.grants.subscribe((grant) => grants.push(grant))
    const stopEvents = t.app.stage.onEvents((sent) =>
      // A named gift's top supporters (tested in supporters-event.test.ts) are not these tests'.
      events.push(...sent.filter((event) => event.event !== 'supporters')),
    )
    try {
      const answer = await redeem(typed, creditPlayer())
      await expect.poll(() => events.length).toBe(2)
      return { answer, grants, events }
    } finally {
      stopGrants()
      stopEvents()
    }
  }

  test('the name on stage is kept cleaned with the order; too long is refused and nothing is written', async () => {
    t.clock.set(duringShow)
    const before = await t.db.selectFrom('orders').select('id').execute()
    const long = await postCheckout(t.app, {
      items: [cartLine('ffr-25')],
      stageName: 'x'.repeat(25),
    })
    expect([long.statusCode, long.json().message]).toEqual([400, fanWordsTexts.nameTooLong])
    expect(await t.db.selectFrom('orders').select('id').execute()).toEqual(before)

    const sessionId = await startCheckout(
      t.app,
      [cartLine('ffr-25')],
      undefined,
      ' \u202eSam\u200b  Stone https://spam.example ',
    )
    const order = await t.db
      .selectFrom('orders')
      .select('stage_name')
      .where('session_id', '=', sessionId)
      .executeTakeFirstOrThrow()
    expect(order.stage_name).toBe('Sam Stone')
  })

  test("a code's message is saved cleaned, editable until the code is redeemed, then refused", async () => {
    const [code] = await buyCodes(t, [['ffr-25', 1]], undefined, 'Sam')
    const sessionId = await sessionOf(code?.code ?? '')
    const shown = formatCode(code?.code ?? '')

    const first = await saveMessage(sessionId, shown, 'first\nthought www.x.io')
    expect([first.statusCode, first.json()]).toEqual([
      200,
      { message: 'first thought', said: fanWordsTexts.messageSaved },
    ])
    const second = await saveMessage(sessionId, shown, 'the cat bit killed')
    expect(second.json().message).toBe('the cat bit killed')
    const session = await t.app.inject({
      method: 'GET',
      url: `/api/get-session?session_id=${sessionId}`,
    })
    expect(session.json().codes[0]).toMatchObject({ code: shown, message: 'the cat bit killed' })

    const tooLong = await saveMessage(sessionId, shown, 'y'.repeat(141))
    expect([tooLong.statusCode, tooLong.json().message]).toEqual([
      400,
      fanWordsTexts.messageTooLong,
    ])
    // Another order's session does not reach this code.
    const [other] = await buyCodes(t, [['boosts-5', 1]])
    const stranger = await saveMessage(await sessionOf(other?.code ?? ''), shown, 'mine now')
    expect([stranger.statusCode, stranger.json().message]).toEqual([
      404,
      fanWordsTexts.codeNotFound,
    ])

    await onStage('Mo Amer')
    expect((await redeem(shown)).status).toBe('redeemed')
    const late = await saveMessage(sessionId, shown, 'too late')
    expect([late.statusCode, late.json().message]).toEqual([409, fanWordsTexts.messageLocked])
    const kept = await t.db
      .selectFrom('codes')
      .select('message')
      .where('code', '=', code?.code ?? '')
      .executeTakeFirstOrThrow()
    expect(kept.message).toBe('the cat bit killed')
  })

  test('the grant carries the name and the message: the stream, the feed, the board and the panel say them', async () => {
    const comic = await onStage('Rosa Delgado')
    const [code] = await buyCodes(t, [['ffr-50', 1]], 'fan@example.com', 'Sam')
    await saveMessage(await sessionOf(code?.code ?? ''), code?.code ?? '', 'the cat bit killed')
    const { grants, events } = await granting(code?.code ?? '')

    expect(grants[0]).toMatchObject({
      comic: { id: comic.id, name: 'Rosa Delgado' },
      giver: { kind: 'fan', product: 'ffr-50', name: 'Sam' },
      message: { text: 'the cat bit killed', state: 'shown' },
    })
    const said = "Sam gave 25 boosts to Rosa Delgado: 'the cat bit killed'"
    expect(events[0]?.data).toMatchObject({
      name: 'Sam',
      from: 'Sam',
      message: 'the cat bit killed',
      text: said,
    })
    const live = await feed()
    expect(live.gifts.find((gift) => gift.comic === 'Rosa Delgado')).toMatchObject({
      name: 'Sam',
      message: 'the cat bit killed',
      text: said,
    })
    expect(boardView(live).gifts).toContain(said)
    const panel: StagePanel = JSON.parse(await t.app.stagePanel.feed.json())
    expect(stagePanelView(panel).gifts[0]).toBe("Sam gave 25 boosts: 'the cat bit killed'")
    // Nobody's email is ever shown.
    expect(JSON.stringify([live, panel, events])).not.toContain('fan@example.com')
    // The name is the grant's own, kept with its record (for the night's top supporters).
    const row = await t.db
      .selectFrom('redemptions')
      .select(['name', 'message', 'message_state'])
      .where('code', '=', code?.code ?? '')
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ name: 'Sam', message: 'the cat bit killed', message_state: 'shown' })
  })

  test('the anonymous suffix hides the name and keeps the message; the record keeps no name', async () => {
    await onStage('Rosa Vega')
    const [code] = await buyCodes(t, [['ffr-50', 1]], undefined, 'Quinn')
    await saveMessage(await sessionOf(code?.code ?? ''), code?.code ?? '', 'loved it')
    const { grants, events } = await granting(`${code?.code}0`)
    expect(grants[0]?.giver).toEqual({ kind: 'fan', product: 'ffr-50', name: null })
    expect(events[0]?.data).toMatchObject({
      name: '',
      from: 'an anonymous fan',
      text: "An anonymous fan gave 25 boosts to Rosa Vega: 'loved it'",
    })
    expect(JSON.stringify(await feed())).not.toContain('Quinn')
    const row = await t.db
      .selectFrom('redemptions')
      .select(['name', 'message'])
      .where('code', '=', code?.code ?? '')
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ name: null, message: 'loved it' })
  })

  test('without a name or a message the gift reads as before: "A fan gave 10 boosts to Lee Park"', async () => {
    await onStage('Lee Park')
    const [code] = await buyCodes(t, [['ffr-25', 1]])
    const { events } = await granting(code?.code ?? '')
    expect(events[0]?.data).toMatchObject({ text: 'A fan gave 10 boosts to Lee Park', message: '' })
  })

  test("a member's name and tonight's message go with their gift, and the message does not follow them to the next", async () => {
    await onStage('Ana Ruiz')
    const member = await insertMembership(t.db, {
      tier: 'membership-3',
      display_name: 'Robin',
      stage_message: 'front row, again',
    })
    const { grants, events } = await granting(member.member_code)
    expect(grants[0]).toMatchObject({
      giver: { kind: 'member', tier: 'membership-3', name: 'Robin' },
      message: { text: 'front row, again', state: 'shown' },
    })
    expect(events[0]?.data).toMatchObject({
      text: "Robin gave 20 boosts to Ana Ruiz: 'front row, again'",
      member: true,
      vip: true,
    })
    const after = await t.db
      .selectFrom('memberships')
      .select('stage_message')
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow()
    expect(after.stage_message).toBeNull()
    expect(JSON.stringify(await feed())).not.toContain(member.email)

    // Anonymous, in grace (the full decision): no name; the message still goes.
    const quiet = await insertMembership(t.db, {
      tier: 'membership-1',
      status: 'past_due',
      past_due_since: new Date('2026-11-22T22:00:00Z'),
      display_name: 'Ash',
      stage_message: 'hi Ana',
    })
    const hidden = await granting(`${quiet.member_code}0`)
    expect(hidden.grants[0]?.giver).toEqual({ kind: 'member', tier: 'membership-1', name: null })
    expect(hidden.events[0]?.data).toMatchObject({
      text: "An anonymous member gave 5 boosts to Ana Ruiz: 'hi Ana'",
    })
  })
})
