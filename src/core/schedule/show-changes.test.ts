import { describe, expect, test } from 'vitest'
import { testDatabases } from '#test/databases'
import { insertShowOrder } from '#test/settlements'
import { withTestApp } from '#test/test-app'
import { formatCode } from '../../shared/code-format'
import type { OperatorActionName, OperatorInput } from '../../shared/operator'
import { formatCentral, formatInZone } from '../../shared/show-time'
import { operatorTexts } from '../operator/operator-texts'
import { runOperatorAction } from '../operator/run-action'
import { recordReversal } from '../refunds/reversals'

describe.each(testDatabases)(
  'everyone told when a show moves or is cancelled on $name',
  (database) => {
    const t = withTestApp(database, { now: '2026-12-01T12:00:00Z' })
    const actor = { who: 'host@example.com', via: 'console' } as const
    const run = <N extends OperatorActionName>(name: N, input: OperatorInput<N>) =>
      runOperatorAction(
        { db: t.db, clock: t.clock, payments: () => t.payments },
        actor,
        name,
        input,
      )
    let shows = 0
    async function show(startsAt: string) {
      shows++
      return (await run('events.add', { name: `Changing Show ${shows}`, startsAt })).event.id
    }
    const mailsLike = (key: string) =>
      t.db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('dedupe_key', 'like', key)
        .orderBy('to_address')
        .execute()
    const order = async (
      showId: string,
      email: string | null,
      extra: { timeZone?: string; quantity?: number } = {},
    ) => {
      const made = await insertShowOrder(t.db, {
        showId,
        lines: [['boosts-5', extra.quantity ?? 1]],
        at: new Date('2026-12-01T10:00:00Z'),
      })
      await t.db
        .updateTable('orders')
        .set({ email, time_zone: extra.timeZone ?? null })
        .where('id', '=', made.id)
        .execute()
      return made
    }

    test('a show moved with codes sold mails each buyer once, in Central and their own time, with the codes that now work at the new time; the warning said how many', async () => {
      const id = await show('2026-12-03T01:30:00Z')
      const ana = await order(id, 'ana@example.com', { quantity: 2 })
      const again = await order(id, 'ANA@example.com', { timeZone: 'America/New_York' })
      const bo = await order(id, 'bo@example.com')
      const gone = await order(id, 'refunded@example.com')
      await recordReversal(
        t.db,
        { paymentRef: gone.paymentRef, fullyRefunded: true },
        t.clock.now(),
      )
      await order(id, null)

      const impact = await run('events.impact', { id })
      expect(impact).toMatchObject({ orders: 5, buyers: 2 })

      const moved = await run('events.edit', { id, startsAt: '2026-12-02T23:00:00Z' })
      expect(moved.mailed).toBe(2)
      const mails = await mailsLike(`show-moved:${id}:%`)
      expect(mails.map((m) => m.to_address.toLowerCase())).toEqual([
        'ana@example.com',
        'bo@example.com',
      ])
      const [toAna, toBo] = mails
      const from = new Date('2026-12-03T01:30:00Z')
      const to = new Date('2026-12-02T23:00:00Z')
      expect(toAna?.subject).toBe(`Changing Show ${shows} has moved to ${formatCentral(to)}`)
      expect(toAna?.text_body).toContain(`from ${formatCentral(from)} to ${formatCentral(to)}`)
      expect(toAna?.text_body).toContain(`(${formatInZone(to, 'America/New_York')} your time)`)
      expect(toAna?.text_body).toContain('Your 3 unused codes work at the new time')
      for (const code of [...ana.codes, ...again.codes]) {
        expect(toAna?.text_body).toContain(formatCode(code.code))
      }
      expect(toBo?.text_body).not.toContain('your time')
      expect(toBo?.text_body).toContain(formatCode(bo.codes[0]?.code ?? ''))
      expect(toBo?.text_body).not.toContain(formatCode(ana.codes[0]?.code ?? ''))
      const audit = (await run('audit.list', { search: id })).items[0]
      expect(audit?.summary).toContain('; 2 buyers mailed')

      // A new name alone, or the same time again, mails nobody; a second move mails once more.
      expect((await run('events.edit', { id, name: 'Renamed Show' })).mailed).toBe(0)
      expect((await run('events.edit', { id, startsAt: '2026-12-02T23:00:00Z' })).mailed).toBe(0)
      expect(await mailsLike(`show-moved:${id}:%`)).toHaveLength(2)
      await run('events.edit', { id, startsAt: '2026-12-03T00:00:00Z' })
      expect(await mailsLike(`show-moved:${id}:%`)).toHaveLength(4)
    })

    test('a show cancelled with unused codes needs the host to choose; moved to the next show, its buyers are told where their codes now work', async () => {
      const id = await show('2026-12-04T01:00:00Z')
      const next = await show('2026-12-05T01:00:00Z')
      const ana = await order(id, 'cancel.ana@example.com', { quantity: 2 })
      const refused = await run('events.remove', { id }).catch((error: unknown) => error)
      expect(refused).toMatchObject({ message: operatorTexts.chooseForCodes(1, 2) })
      expect((await run('events.impact', { id })).next?.id).toBe(next)
      expect(await mailsLike(`show-cancelled:${id}:%`)).toEqual([])

      const removed = await run('events.remove', { id, codes: 'next' })
      expect(removed).toMatchObject({ mailed: 1, movedTo: { id: next } })
      const moved = await t.db
        .selectFrom('orders')
        .select(['show_id', 'show_name'])
        .where('id', '=', ana.id)
        .executeTakeFirstOrThrow()
      expect(moved).toEqual({ show_id: next, show_name: `Changing Show ${shows}` })
      const codes = await t.db
        .selectFrom('codes')
        .select('expires_at')
        .where('order_id', '=', ana.id)
        .execute()
      expect(codes.map((c) => c.expires_at.getTime() > Date.parse('2026-12-05T01:00:00Z'))).toEqual(
        [true, true],
      )
      const [mail, ...more] = await mailsLike(`show-cancelled:${id}:%`)
      expect(more).toEqual([])
      expect(mail?.subject).toBe(`Changing Show ${shows - 1} is cancelled`)
      expect(mail?.text_body).toContain(
        `Your codes now work at Changing Show ${shows}, ${formatCentral(new Date('2026-12-05T01:00:00Z'))}`,
      )
    })

    test('a show cancelled with refunds: every paid order refunded in full, each buyer told once, and the refund mails follow', async () => {
      const id = await show('2026-12-06T01:00:00Z')
      const one = await order(id, 'refund.one@example.com')
      const two = await order(id, 'refund.one@example.com', { quantity: 2 })
      const three = await order(id, 'refund.two@example.com')
      const removed = await run('events.remove', { id, codes: 'refund' })
      expect(removed).toMatchObject({ mailed: 2, refunded: 3, refundFailed: [] })
      const rows = await t.db
        .selectFrom('orders')
        .select(['id', 'status'])
        .where('id', 'in', [one.id, two.id, three.id])
        .execute()
      expect(rows.map((r) => r.status)).toEqual(['refunded', 'refunded', 'refunded'])
      const cancelled = await mailsLike(`show-cancelled:${id}:%`)
      expect(cancelled.map((m) => m.to_address)).toEqual([
        'refund.one@example.com',
        'refund.two@example.com',
      ])
      expect(cancelled[0]?.text_body).toContain('We are refunding your order in full')
      expect(await mailsLike(`refund:${two.id}`)).toHaveLength(1)
    })

    test('a show with no codes sold is removed as before, and nobody is mailed', async () => {
      const id = await show('2026-12-07T01:00:00Z')
      expect((await run('events.impact', { id })).buyers).toBe(0)
      expect(await run('events.remove', { id })).toMatchObject({ mailed: 0 })
    })
  },
)
