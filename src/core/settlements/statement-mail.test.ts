import { describe, expect, test } from 'vitest'
import { addComicWithPayout } from '#test/comic-statement'
import { testDatabases } from '#test/databases'
import { insertSet, insertShowOrder, redeemAtSet } from '#test/settlements'
import { withTestApp } from '#test/test-app'
import type { OperatorActionName, OperatorInput } from '../../shared/operator'
import { publicUrlMarker } from '../../shared/page-rendering'
import { runOperatorAction } from '../operator/run-action'
import { Refusal } from '../refusal'
import { consumeSignInLink } from '../sign-in/links'
import { comicAudience } from './comic-sign-in'
import { settlementTexts } from './settlement-texts'
import { statementLinkLifetimeDays } from './statement-mail'

const day = 24 * 60 * 60_000

describe.each(testDatabases)("a comic's money mails on $name", (database) => {
  const t = withTestApp(database, { now: '2026-11-01T12:00:00Z' })
  const actor = { who: 'host@example.com', via: 'cli' } as const
  const run = <N extends OperatorActionName>(name: N, input: OperatorInput<N>) =>
    runOperatorAction({ db: t.db, clock: t.clock }, actor, name, input)
  const outbox = (prefix: string) =>
    t.db
      .selectFrom('mail_outbox')
      .select(['dedupe_key', 'to_address', 'subject', 'text_body'])
      .where('dedupe_key', 'like', `${prefix}%`)
      .orderBy('id')
      .execute()

  let shows = 0
  /** A show at `startsAt` where each comic had a set and got one FFR 10 (1499: owed 1049). */
  async function showWithSets(startsAt: string, comicIds: string[]) {
    shows++
    const id = (await run('events.add', { name: `Mail Show ${shows}`, startsAt })).event.id
    const at = (m: number) => new Date(Date.parse(startsAt) + m * 60_000)
    for (const [i, comicId] of comicIds.entries()) {
      const set = await insertSet(t.db, {
        showId: id,
        comicId,
        from: at(i * 20),
        to: at(i * 20 + 15),
      })
      const order = await insertShowOrder(t.db, { showId: id, lines: [['ffr-10', 1]], at: at(-9) })
      await redeemAtSet(t.db, { code: order.codes[0]?.code ?? '', setId: set, at: at(i * 20 + 5) })
    }
    return id
  }

  test('a payout recorded mails the comic once what was sent, how, when and its reference; one refused mails nothing; without a payout address nobody is mailed', async () => {
    const pia = await addComicWithPayout(t.db, 'Pia Paid', 'pia@example.com')
    const quin = (await run('comics.add', { name: 'Quin Noaddress' })).comic
    await showWithSets('2026-11-02T01:00:00Z', [pia.id, quin.id])
    t.clock.set('2026-11-02T06:00:00Z')
    await run('settlements.close', { month: '2026-11' })
    const payout = (comic: string, amountCents: number, reference: string) =>
      run('payouts.record', {
        comic,
        amountCents,
        paidOn: '2026-11-28',
        reference,
        method: 'PayPal',
        force: false,
      })

    const recorded = await payout(pia.id, 400, '7XK21')
    expect(recorded).toMatchObject({ mailed: true, stillOwedCents: 649 })
    const mails = await outbox('comic-payout:')
    expect(mails.map((m) => [m.to_address, m.subject])).toEqual([
      ['pia@example.com', 'Payout: $4.00 sent by PayPal on Nov 28, reference 7XK21'],
    ])
    expect(mails[0]?.text_body).toContain(
      'recorded a payout to you: $4.00 sent by PayPal on Nov 28, 2026, reference 7XK21.',
    )
    expect(mails[0]?.text_body).toContain('the club still owes you $6.49')
    expect(mails[0]?.text_body).toContain(`${publicUrlMarker}/statement`)

    // More than owed: refused, and no mail.
    const refused = await payout(pia.id, 5000, 'Too much').catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(Refusal)
    // Without a method, the subject says when and the reference only.
    await run('payouts.record', {
      comic: pia.id,
      amountCents: 649,
      paidOn: '2026-11-29',
      reference: 'Bank 9',
      force: false,
    })
    expect((await outbox('comic-payout:')).map((m) => m.subject)).toEqual([
      'Payout: $4.00 sent by PayPal on Nov 28, reference 7XK21',
      'Payout: $6.49 sent on Nov 29, reference Bank 9',
    ])
    expect((await outbox('comic-payout:'))[1]?.text_body).toContain(
      'the club owes you nothing more',
    )

    const none = await payout(quin.id, 100, 'Q1')
    expect(none.mailed).toBe(false)
    expect(await outbox('comic-payout:')).toHaveLength(2)
  })

  test('closing a month that is over mails each comic with money or sets in it their statement, once, with a link that signs in within 30 days; a month not over, or with a show left open, mails nobody', async () => {
    const rae = await addComicWithPayout(t.db, 'Rae Monthly', 'rae@example.com')
    const sid = await addComicWithPayout(t.db, 'Sid Monthly', 'sid@example.com')
    const tod = await addComicWithPayout(t.db, 'Tod October', 'tod@example.com')
    const uma = (await run('comics.add', { name: 'Uma Noaddress' })).comic
    await showWithSets('2026-10-20T01:00:00Z', [tod.id])
    await showWithSets('2026-12-03T01:00:00Z', [rae.id])
    await showWithSets('2026-12-10T01:00:00Z', [rae.id, sid.id, uma.id])

    // Mid-month: the shows close, no statement goes.
    t.clock.set('2026-12-12T12:00:00Z')
    const early = await run('settlements.close', { month: '2026-12' })
    expect(early.closed).toHaveLength(2)
    expect(early.statements).toEqual({
      mailed: [],
      withoutAddress: [],
      held: settlementTexts.monthNotOver('2026-12'),
    })
    // A show of the month still open after it ends: held too.
    const late = await showWithSets('2027-01-01T05:00:00Z', [sid.id])
    t.clock.set('2027-01-01T07:00:00Z')
    const held = await run('settlements.close', { month: '2026-12' })
    expect(held.skipped.map((s) => s.id)).toEqual([late])
    expect(held.statements.held).toBe(settlementTexts.monthLeftOpen('2026-12', 1))
    expect(await outbox('comic-statement:')).toEqual([])

    t.clock.set('2027-01-02T09:00:00Z')
    const closed = await run('settlements.close', { month: '2026-12' })
    expect(closed.statements).toEqual({
      mailed: ['Rae Monthly', 'Sid Monthly'],
      withoutAddress: ['Uma Noaddress'],
      held: null,
    })
    const mails = await outbox('comic-statement:')
    // Rae and Sid: two shows each at 1049 (Sid's late one on Dec 31, Central), nothing paid.
    expect(mails.map((m) => [m.to_address, m.subject])).toEqual([
      ['rae@example.com', 'Your statement for December: $20.98 owed'],
      ['sid@example.com', 'Your statement for December: $20.98 owed'],
    ])
    const text = mails[0]?.text_body ?? ''
    // Oldest first, each with its readable date, boosts and what it owes.
    expect(text).toMatch(
      /- Mail Show \d+, Dec 2, 2026: 5 boosts, \$10\.49\n- Mail Show \d+, Dec 9, 2026: 5 boosts, \$10\.49/,
    )
    expect(text).toContain('Owed at the end of December 2026: $20.98')
    expect(text).toContain(`once, within ${statementLinkLifetimeDays} days`)

    // Closing again mails nobody twice.
    await run('settlements.close', { month: '2026-12' })
    expect(await outbox('comic-statement:')).toHaveLength(2)

    // The link still signs in 29 days later, once; another has expired after 30 days.
    // The link opens the comic audience's page, its token after '#'.
    const token = (body: string) =>
      new RegExp(`${comicAudience.linkPath}#([\\w-]+)`).exec(body)?.[1] ?? ''
    const soon = new Date(t.clock.now().getTime() + 29 * day)
    expect(await consumeSignInLink(t.db, 'comic', token(text), soon)).toBe('rae@example.com')
    expect(await consumeSignInLink(t.db, 'comic', token(text), soon)).toBeUndefined()
    const later = new Date(t.clock.now().getTime() + 30 * day + 60_000)
    expect(
      await consumeSignInLink(t.db, 'comic', token(mails[1]?.text_body ?? ''), later),
    ).toBeUndefined()
  })

  test("the host's link to a comic's statement comes in a mail that says the host sent it, with what is owed, and signs in within 30 days", async () => {
    const val = await addComicWithPayout(t.db, 'Val Linked', 'val@example.com')
    await showWithSets('2026-11-05T01:00:00Z', [val.id])
    t.clock.set('2026-11-05T06:00:00Z')
    await run('settlements.close', { month: '2026-11' })
    const withSite = {
      db: t.db,
      clock: t.clock,
      console: { publicUrl: 'https://club.example', adminEmails: [] },
    }
    const result = await runOperatorAction(withSite, actor, 'comics.link', { comic: val.id })
    expect(result).toMatchObject({ mailed: true, email: 'val@example.com' })
    const [mail] = await outbox('comic-statement-link:')
    expect([mail?.to_address, mail?.subject]).toEqual([
      'val@example.com',
      'Your statement at Punchline VR: $10.49 owed',
    ])
    expect(mail?.text_body).toContain('The host of Punchline VR sent you your statement')
    expect(mail?.text_body).toContain('Still owed: $10.49')
    expect(mail?.text_body).not.toContain('we hope you')
    const token =
      new RegExp(`${comicAudience.linkPath}#([\\w-]+)`).exec(mail?.text_body ?? '')?.[1] ?? ''
    const soon = new Date(t.clock.now().getTime() + 29 * day)
    expect(await consumeSignInLink(t.db, 'comic', token, soon)).toBe('val@example.com')
  })
})
