import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ManualClock } from '#test/clock'
import { type OpenTestDatabase, testDatabases } from '#test/databases'
import { answerResendRequests, recordResendRequest } from './resend-requests'

describe.each(testDatabases)('lost-codes requests on $name', (database) => {
  let opened: OpenTestDatabase

  beforeAll(async () => {
    opened = await database.open()
  })
  afterAll(async () => {
    await opened?.close()
  })

  async function paidOrder(id: string, email: string, at: Date) {
    await opened.db
      .insertInto('orders')
      .values({
        id,
        session_id: `cs_local_${id}`,
        provider: 'local',
        status: 'fulfilled',
        email,
        lines: JSON.stringify([]),
        total_cents: 499,
        created_at: at,
      })
      .execute()
  }

  test('the same address within a minute, in any capitals, is one request; a minute later another', async () => {
    const clock = new ManualClock('2026-11-22T22:30:10Z')
    await opened.db.deleteFrom('resend_requests').execute()
    await recordResendRequest(opened.db, 'twice@example.com', clock.now())
    clock.advance(40_000)
    await recordResendRequest(opened.db, 'Twice@Example.com', clock.now())
    expect(await opened.db.selectFrom('resend_requests').select('email').execute()).toEqual([
      { email: 'twice@example.com' },
    ])
    clock.advance(20_000)
    await recordResendRequest(opened.db, 'twice@example.com', clock.now())
    expect(await opened.db.selectFrom('resend_requests').selectAll().execute()).toHaveLength(2)
  })

  test('two workers answering at once take each request once: one mail per buyer, none for strangers, no address left behind', async () => {
    const clock = new ManualClock('2026-11-22T22:30:00Z')
    await opened.db.deleteFrom('resend_requests').execute()
    await opened.db.deleteFrom('mail_outbox').execute()
    const buyers = Array.from({ length: 12 }, (_, i) => `buyer${i}@example.com`)
    for (const [i, email] of buyers.entries()) {
      await paidOrder(`ord_pair_${i}`, email, clock.now())
      await recordResendRequest(opened.db, email, clock.now())
      await recordResendRequest(opened.db, `stranger${i}@example.com`, clock.now())
    }

    const [a, b] = await Promise.all([
      answerResendRequests(opened.db, clock, { batchSize: 100 }),
      answerResendRequests(opened.db, clock, { batchSize: 100 }),
    ])
    expect((a ?? 0) + (b ?? 0)).toBe(24)
    const mails = await opened.db.selectFrom('mail_outbox').select('to_address').execute()
    expect(mails.map((mail) => mail.to_address).sort()).toEqual([...buyers].sort())
    expect(await opened.db.selectFrom('resend_requests').selectAll().execute()).toEqual([])
  })

  test('a request that fails stays for the next run and holds up none of the others', async () => {
    const clock = new ManualClock('2026-11-22T23:00:00Z')
    await opened.db.deleteFrom('resend_requests').execute()
    await opened.db.deleteFrom('mail_outbox').execute()
    for (const email of ['poison@example.com', 'after1@example.com', 'after2@example.com']) {
      await paidOrder(`ord_${email.split('@')[0]}`, email, clock.now())
      await recordResendRequest(opened.db, email, clock.now())
    }
    // Queuing the first request's mail fails every time (a fault in the database).
    await sql`create or replace function fail_poison() returns trigger language plpgsql as $$
      begin
        if new.to_address = 'poison@example.com' then raise exception 'injected fault'; end if;
        return new;
      end $$`.execute(opened.db)
    await sql`create trigger fail_poison before insert on mail_outbox for each row
      execute function fail_poison()`.execute(opened.db)
    try {
      await expect(answerResendRequests(opened.db, clock)).rejects.toThrow(/injected fault/)
      await expect(answerResendRequests(opened.db, clock)).rejects.toThrow(/injected fault/)
    } finally {
      await sql`drop trigger fail_poison on mail_outbox`.execute(opened.db)
    }
    const mails = await opened.db.selectFrom('mail_outbox').select('to_address').execute()
    expect(mails.map((mail) => mail.to_address).sort()).toEqual([
      'after1@example.com',
      'after2@example.com',
    ])
    expect(await opened.db.selectFrom('resend_requests').select('email').execute()).toEqual([
      { email: 'poison@example.com' },
    ])
    // The fault is gone: the next run answers it.
    expect(await answerResendRequests(opened.db, clock)).toBe(1)
    expect(await opened.db.selectFrom('resend_requests').selectAll().execute()).toEqual([])
  })
})
