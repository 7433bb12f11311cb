import { describe, expect, test } from 'vitest'
import { buyCodes } from '#test/checkout'
import { creditHelpers, creditPlayer } from '#test/credit'
import { testDatabases } from '#test/databases'
import { insertMembership } from '#test/memberships'
import { withTestApp } from '#test/test-app'
import type { StageEvent } from '../../core/stage-stream/publish'
import { codeMessagePath } from '../../shared/code-message-api'
import type { LiveFeed } from '../../shared/live'
import { defaultWordList, moderationTexts } from '../../shared/moderation'

/** Sunday 22 November 2026, 16:30 CST: half an hour into the Sunday show. */
const duringShow = '2026-11-22T22:30:00Z'

describe.each(testDatabases)("the host's moderation of fans' messages on $name", (database) => {
  const t = withTestApp(database, { now: duringShow, trustProxyHops: 1 })
  const { onStage, redeem, run } = creditHelpers(t, duringShow)

  async function feed(): Promise<LiveFeed> {
    t.clock.advance(5_000)
    return (await t.app.inject({ method: 'GET', url: '/api/live' })).json()
  }
  /** A code bought with `message`, and its checkout session. */
  async function codeWith(message: string, name = 'Sam') {
    const [code] = await buyCodes(t, [['ffr-25', 1]], undefined, name)
    const row = await t.db
      .selectFrom('orders')
      .select('session_id')
      .where('id', '=', code?.order_id ?? '')
      .executeTakeFirstOrThrow()
    const saved = await t.app.inject({
      method: 'POST',
      url: codeMessagePath,
      headers: { 'content-type': 'application/json', 'x-forwarded-for': creditPlayer() },
      payload: JSON.stringify({ sessionId: row.session_id, code: code?.code, message }),
    })
    expect(saved.statusCode).toBe(200)
    return { code: code?.code ?? '', sessionId: row.session_id }
  }
  /** The stream's events while `act` runs. */
  async function streamed(act: () => Promise<unknown>, count: number): Promise<StageEvent[]> {
    const events: StageEvent[] = []
    const stop = t.app.stage.onEvents((sent) =>
      // A named gift's top supporters (tested in supporters-event.test.ts) are not these tests'.
      events.push(...sent.filter((event) => event.event !== 'supporters')),
    )
    try {
      await act()
      await expect.poll(() => events.length).toBe(count)
      return events
    } finally {
      stop()
    }
  }
  const audits = (action: string) =>
    t.db
      .selectFrom('audit_log')
      .select(['summary', 'target_id'])
      .where('action', '=', action)
      .execute()

  test('by default a message shows at once unless the word list catches it; a caught one waits, its gift plays without it, and approving it sends it as its own alert', async () => {
    expect((await run('moderation.show', {})).mode).toBe('words')
    await onStage('Rosa Delgado')
    const clean = await codeWith('the cat bit killed')
    const [cleanGift] = await streamed(() => redeem(clean.code), 2)
    expect(cleanGift?.data).toMatchObject({ message: 'the cat bit killed' })

    const caught = await codeWith('that was SHITTY good', 'Quinn')
    const [gift] = await streamed(() => redeem(caught.code), 2)
    expect(gift?.data).toMatchObject({ message: '', text: 'Quinn gave 10 boosts to Rosa Delgado' })
    expect(JSON.stringify(await feed())).not.toContain('SHITTY')
    const { held } = await run('moderation.show', {})
    expect(held).toEqual([
      {
        id: `c:${caught.code}`,
        at: expect.any(String),
        gift: 'Quinn gave 10 boosts to Rosa Delgado',
        message: 'that was SHITTY good',
      },
    ])

    const [followUp] = await streamed(
      () => run('moderation.decide', { id: `c:${caught.code}`, decision: 'approve' }),
      1,
    )
    expect(followUp).toMatchObject({
      event: 'message',
      data: {
        followUp: true,
        message: 'that was SHITTY good',
        text: "Quinn gave 10 boosts to Rosa Delgado: 'that was SHITTY good'",
      },
    })
    expect((await feed()).gifts.map((g) => g.text)).toContain(
      "Quinn gave 10 boosts to Rosa Delgado: 'that was SHITTY good'",
    )
    expect((await run('moderation.show', {})).held).toEqual([])
    // Decided once: a second decision is refused and changes nothing.
    await expect(
      run('moderation.decide', { id: `c:${caught.code}`, decision: 'reject' }),
    ).rejects.toThrow(moderationTexts.alreadyDecided)
    await expect(
      run('moderation.decide', { id: 'c:NOSUCHCODE', decision: 'approve' }),
    ).rejects.toThrow(moderationTexts.notFound)
    expect(await audits('moderation.decide')).toEqual([
      {
        summary: "Approved a fan's message (Quinn gave 10 boosts to Rosa Delgado)",
        target_id: `c:${caught.code}`,
      },
    ])
  })

  test('holding every message: even a clean one waits; rejected, it is never shown and the fan is told only that it was not shown', async () => {
    await onStage('Lee Park')
    await run('moderation.set', { mode: 'hold' })
    const held = await codeWith('hello Lee', 'Ash')
    const [gift] = await streamed(() => redeem(held.code), 2)
    expect(gift?.data).toMatchObject({ message: '', text: 'Ash gave 10 boosts to Lee Park' })
    const rejected = await streamed(async () => {
      const decided = await run('moderation.decide', { id: `c:${held.code}`, decision: 'reject' })
      expect(decided).toEqual({
        id: `c:${held.code}`,
        state: 'rejected',
        said: moderationTexts.rejected,
      })
      // Nothing follows on the stream: give it the time a message would take.
      await new Promise((resolve) => setTimeout(resolve, 200))
    }, 0)
    expect(rejected).toEqual([])
    expect(JSON.stringify(await feed())).not.toContain('hello Lee')
    t.clock.advance(60_000)
    const session = await t.app.inject({
      method: 'GET',
      url: `/api/get-session?session_id=${held.sessionId}`,
    })
    expect(session.json().codes[0]).toMatchObject({ messageNotShown: true })
    expect(JSON.stringify(session.json())).not.toContain('rejected')
    // A member's message waits the same way.
    const member = await insertMembership(t.db, {
      tier: 'membership-1',
      display_name: 'Robin',
      stage_message: 'hi from the back',
    })
    await streamed(() => redeem(member.member_code), 2)
    expect((await run('moderation.show', {})).held).toEqual([
      expect.objectContaining({
        id: `m:${member.id}:regular-20261122T2200Z`,
        message: 'hi from the back',
      }),
    ])
    await run('moderation.decide', {
      id: `m:${member.id}:regular-20261122T2200Z`,
      decision: 'reject',
    })
    await run('moderation.set', { mode: 'words' })
    expect((await audits('moderation.set')).map((entry) => entry.summary)).toEqual([
      `Set fans' messages to mode "hold" (${moderationTexts.modes.hold})`,
      `Set fans' messages to mode "words" (${moderationTexts.modes.words})`,
    ])
  })

  test("the word list is the host's: kept lower case, each word once; a listed word catches words that start with it, a phrase the phrase", async () => {
    expect((await run('moderation.show', {})).words).toEqual([...defaultWordList])
    const view = await run('moderation.set', {
      words: ['Heckle', 'heckle', '  ', 'bad\u200b joke', 'a.b*'],
    })
    expect(view.words).toEqual(['heckle', 'bad joke', 'a.b*'])
    await onStage('Mo Amer')
    const caught = [
      await codeWith('no HECKLERS please'),
      await codeWith('what a bad   joke'),
      await codeWith('a.b* literally'),
    ]
    const passed = [
      await codeWith('shoeheckle is fine'),
      await codeWith('badjoke is one word'),
      await codeWith('axb is not a.b'),
    ]
    for (const { code } of [...caught, ...passed]) await streamed(() => redeem(code), 2)
    const held = (await run('moderation.show', {})).held.map((entry) => entry.id).sort()
    expect(held).toEqual(caught.map(({ code }) => `c:${code}`).sort())
    await expect(
      run('moderation.set', { words: Array.from({ length: 301 }, (_, i) => `word${i}`) }),
    ).rejects.toThrow(moderationTexts.tooManyWords)
    await expect(run('moderation.set', { words: ['x'.repeat(41)] })).rejects.toThrow(
      moderationTexts.wordTooLong,
    )
    await expect(run('moderation.set', {})).rejects.toThrow(moderationTexts.nothingToChange)
    expect((await run('moderation.show', {})).words).toEqual(['heckle', 'bad joke', 'a.b*'])
    for (const { code } of caught) {
      await run('moderation.decide', { id: `c:${code}`, decision: 'reject' })
    }
    await run('moderation.set', { words: [...defaultWordList] })
  })
})
