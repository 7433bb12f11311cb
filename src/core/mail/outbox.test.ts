import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ManualClock } from '#test/clock'
import { type OpenTestDatabase, testDatabases } from '#test/databases'
import { listFailedMail } from '#test/outbox'
import { smtpMailer, startSmtp } from '#test/smtp'
import type { Mailer, MailMessage } from './mail-message'
import {
  describeSendFailure,
  forgetOldMail,
  forgottenMailText,
  mailGiveUpAfterMs,
  queueMail,
  retryDelayMs,
  retryFailedMail,
  type SendFailure,
  sendDueMail,
  sentMailKeptMs,
} from './outbox'

describe.each(testDatabases)('the mail outbox on $name', (database) => {
  let opened: OpenTestDatabase

  beforeAll(async () => {
    opened = await database.open()
  })
  afterAll(async () => {
    await opened?.close()
  })

  test('a queued mail is sent over SMTP once', async () => {
    const smtp = await startSmtp()
    try {
      const clock = new ManualClock('2026-11-22T18:00:00Z')
      const mailer = smtpMailer(smtp.port, 'Punchline VR <codes@punchlinevr.club>')
      await queueMail(
        opened.db,
        {
          dedupeKey: 'test:sent-once',
          to: 'fan@example.com',
          subject: 'Your codes',
          text: 'ABCDE-23456',
        },
        clock.now(),
      )
      // Queuing the same key again queues nothing more.
      await queueMail(
        opened.db,
        {
          dedupeKey: 'test:sent-once',
          to: 'fan@example.com',
          subject: 'Your codes',
          text: 'again',
        },
        clock.now(),
      )

      expect(await sendDueMail(opened.db, mailer, clock)).toEqual({ sent: 1, failed: 0 })
      expect(smtp.received).toHaveLength(1)
      expect(smtp.received[0]?.from).toBe('codes@punchlinevr.club')
      expect(smtp.received[0]?.to).toEqual(['fan@example.com'])
      expect(smtp.received[0]?.raw).toContain('Subject: Your codes')
      expect(smtp.received[0]?.raw).toContain('ABCDE-23456')

      const row = await opened.db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('dedupe_key', '=', 'test:sent-once')
        .executeTakeFirstOrThrow()
      expect(row.sent_at?.toISOString()).toBe('2026-11-22T18:00:00.000Z')
      expect(row.attempts).toBe(1)

      // Sent mail is never sent again.
      clock.advance(3_600_000)
      expect(await sendDueMail(opened.db, mailer, clock)).toEqual({ sent: 0, failed: 0 })
      expect(smtp.received).toHaveLength(1)
    } finally {
      await smtp.stop()
    }
  })

  test('while the SMTP server is down the mail stays queued with its error, and goes out later', async () => {
    // Find a free port, then leave nothing listening on it.
    const probe = await startSmtp()
    const port = probe.port
    await probe.stop()

    const clock = new ManualClock('2026-11-23T10:00:00Z')
    const mailer = smtpMailer(port, 'codes@punchlinevr.club')
    await queueMail(
      opened.db,
      { dedupeKey: 'test:retried', to: 'late@example.com', subject: 'Later', text: 'still here' },
      clock.now(),
    )

    expect(await sendDueMail(opened.db, mailer, clock)).toEqual({ sent: 0, failed: 1 })
    const failed = await opened.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('dedupe_key', '=', 'test:retried')
      .executeTakeFirstOrThrow()
    expect(failed.sent_at).toBeNull()
    expect(failed.attempts).toBe(1)
    expect(failed.last_error).toMatch(/ECONNREFUSED|connect/i)
    expect(failed.next_attempt_at.getTime()).toBe(clock.now().getTime() + retryDelayMs(1))

    const smtp = await startSmtp(port)
    try {
      // Not due yet: the retry waits its turn.
      expect(await sendDueMail(opened.db, mailer, clock)).toEqual({ sent: 0, failed: 0 })
      clock.advance(retryDelayMs(1))
      expect(await sendDueMail(opened.db, mailer, clock)).toEqual({ sent: 1, failed: 0 })
      expect(smtp.received.map((mail) => mail.to)).toEqual([['late@example.com']])
      const sent = await opened.db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('dedupe_key', '=', 'test:retried')
        .executeTakeFirstOrThrow()
      expect(sent.sent_at).not.toBeNull()
      expect(sent.last_error).toBeNull()
      expect(sent.attempts).toBe(2)
    } finally {
      await smtp.stop()
    }
  })

  test('a recipient the mail server refuses (5xx) fails at once with its reason, a 4xx is retried, and neither log line nor stored error holds an address', async () => {
    const smtp = await startSmtp(0, {
      'jane.doe@example.com': {
        responseCode: 550,
        message: '5.1.1 <jane.doe@example.com>: Recipient address rejected',
      },
      'busy.fan@example.com': {
        responseCode: 450,
        message: '4.2.1 <busy.fan@example.com>: Mailbox busy, try again later',
      },
    })
    try {
      const clock = new ManualClock('2026-12-05T10:00:00Z')
      await opened.db.deleteFrom('mail_outbox').execute()
      for (const to of ['jane.doe@example.com', 'busy.fan@example.com']) {
        await queueMail(
          opened.db,
          { dedupeKey: `test:${to}`, to, subject: 'Your codes', text: 'X' },
          clock.now(),
        )
      }
      const failures: SendFailure[] = []
      expect(
        await sendDueMail(opened.db, smtpMailer(smtp.port), clock, {
          onFailure: (failure) => failures.push(failure),
        }),
      ).toEqual({ sent: 0, failed: 2 })
      expect(smtp.received).toEqual([])
      const rows = await opened.db.selectFrom('mail_outbox').selectAll().orderBy('id').execute()
      const [refused, busy] = rows
      const lines = failures.map(describeSendFailure)

      // Refused for good: failed now, after one attempt, with the server's reason.
      expect(refused?.failed_at?.toISOString()).toBe(clock.now().toISOString())
      expect(refused?.attempts).toBe(1)
      expect(refused?.last_error).toContain(
        '550 5.1.1 <j***@example.com>: Recipient address rejected',
      )
      expect(failures[0]).toMatchObject({ gaveUp: true, refused: true })
      expect(lines[0]?.level).toBe('error')
      expect(lines[0]?.line).toMatch(
        /^mail: gave up on mail \d+ \("Your codes"\) to j\*\*\*@example\.com: refused permanently: .*550 5\.1\.1 <j\*\*\*@example\.com>: Recipient address rejected/,
      )
      expect(lines[0]?.line).toContain(`npm run admin -- mail retry ${refused?.id}`)
      expect(lines[0]?.line).not.toContain('3 days')
      expect((await listFailedMail(opened.db)).map((mail) => mail.id)).toEqual([refused?.id])

      // Refused for now: retried with back-off, like a server that is down.
      expect(busy?.failed_at).toBeNull()
      expect(busy?.next_attempt_at.getTime()).toBe(clock.now().getTime() + retryDelayMs(1))
      expect(busy?.last_error).toContain('450 4.2.1 <b***@example.com>: Mailbox busy')
      expect(failures[1]).toMatchObject({ gaveUp: false, refused: false })
      expect(lines[1]?.level).toBe('warn')

      for (const text of [...lines.map((l) => l.line), refused?.last_error, busy?.last_error]) {
        expect(text).not.toMatch(/jane\.doe|busy\.fan/)
      }
    } finally {
      await smtp.stop()
    }
  })

  test('a mail that keeps failing is retried for 3 days, each failure reported, then given up loudly and requeued by the operator', async () => {
    const clock = new ManualClock('2026-12-01T10:00:00Z')
    await opened.db.deleteFrom('mail_outbox').execute()
    await queueMail(
      opened.db,
      { dedupeKey: 'test:doomed', to: 'doomed.fan@example.com', subject: 'Your codes', text: 'X' },
      clock.now(),
    )
    const failures: SendFailure[] = []
    const down: Mailer = {
      send: async () => {
        throw new Error('connect ECONNREFUSED 127.0.0.1:25')
      },
    }
    const send = () =>
      sendDueMail(opened.db, down, clock, { onFailure: (failure) => failures.push(failure) })

    // Retried as long as it is younger than 3 days, never more often than its back-off allows.
    while (clock.now().getTime() - Date.parse('2026-12-01T10:00:00Z') < mailGiveUpAfterMs) {
      await send()
      clock.advance(retryDelayMs(failures.length))
    }
    expect(failures.length).toBeGreaterThan(70)
    expect(failures.every((f) => !f.gaveUp && f.error.includes('ECONNREFUSED'))).toBe(true)
    const warn = describeSendFailure(failures[0] as SendFailure)
    expect(warn.level).toBe('warn')
    expect(warn.line).toContain('d***@example.com')
    expect(warn.line).not.toContain('doomed.fan')
    expect(warn.line).toContain('ECONNREFUSED')

    // The first failure past 3 days gives up: an error line that says how to requeue it.
    await send()
    const last = failures.at(-1) as SendFailure
    expect(last.gaveUp).toBe(true)
    const error = describeSendFailure(last)
    expect(error.level).toBe('error')
    expect(error.line).toMatch(
      /^mail: gave up on mail \d+ \("Your codes"\) to d\*\*\*@example\.com after \d+ attempts over 3 days: connect ECONNREFUSED/,
    )
    expect(error.line).toContain(`npm run admin -- mail retry ${last.mail.id}`)
    // Given up: never claimed again by the worker.
    clock.advance(24 * 3_600_000)
    const before = failures.length
    expect(await send()).toEqual({ sent: 0, failed: 0 })
    expect(failures).toHaveLength(before)

    // The operator sees it and puts it back in the queue (npm run admin -- mail list/retry).
    expect((await listFailedMail(opened.db)).map((mail) => mail.id)).toEqual([last.mail.id])
    expect(await retryFailedMail(opened.db, clock.now(), 999_999)).toBe(0)
    expect(await retryFailedMail(opened.db, clock.now(), last.mail.id)).toBe(1)

    const sent: MailMessage[] = []
    const up: Mailer = { send: async (message) => void sent.push(message) }
    expect(await sendDueMail(opened.db, up, clock)).toEqual({ sent: 1, failed: 0 })
    expect(sent.map((m) => m.to)).toEqual(['doomed.fan@example.com'])
    expect(await listFailedMail(opened.db)).toEqual([])
    expect(await retryFailedMail(opened.db, clock.now(), 'all')).toBe(0)
  })

  test('two workers sending at once claim mail one by one: each mail goes out once', async () => {
    const clock = new ManualClock('2026-12-10T10:00:00Z')
    await opened.db.deleteFrom('mail_outbox').execute()
    for (let i = 0; i < 12; i++) {
      await queueMail(
        opened.db,
        { dedupeKey: `test:pair-${i}`, to: `fan${i}@example.com`, subject: 'Codes', text: 'X' },
        clock.now(),
      )
    }
    const sent: string[] = []
    let overlapped = false
    const slow = (): Mailer => {
      let mine = 0
      return {
        async send(message) {
          mine++
          if (mine > 1) overlapped = true
          await new Promise((resolve) => setTimeout(resolve, 5))
          sent.push(message.to)
          mine--
        },
      }
    }
    const [a, b] = await Promise.all([
      sendDueMail(opened.db, slow(), clock),
      sendDueMail(opened.db, slow(), clock),
    ])
    expect((a?.sent ?? 0) + (b?.sent ?? 0)).toBe(12)
    // Claimed one at a time, the work is shared: neither worker held the whole batch.
    expect(a?.sent).toBeGreaterThan(0)
    expect(b?.sent).toBeGreaterThan(0)
    expect(sent.sort()).toEqual(Array.from({ length: 12 }, (_, i) => `fan${i}@example.com`).sort())
    expect(new Set(sent).size).toBe(12)
    // One worker never runs two sends at once.
    expect(overlapped).toBe(false)
  })

  test('sent mail stops holding its codes after 30 days, and old .eml files are removed', async () => {
    const clock = new ManualClock('2027-01-01T10:00:00Z')
    await opened.db.deleteFrom('mail_outbox').execute()
    const up: Mailer = { send: async () => {} }
    await queueMail(
      opened.db,
      { dedupeKey: 'test:old', to: 'a@example.com', subject: 'Codes', text: 'ABCDE-23456' },
      clock.now(),
    )
    await sendDueMail(opened.db, up, clock)
    clock.advance(sentMailKeptMs - 60_000)
    await queueMail(
      opened.db,
      { dedupeKey: 'test:recent', to: 'b@example.com', subject: 'Codes', text: 'FGHJK-23456' },
      clock.now(),
    )
    await sendDueMail(opened.db, up, clock)
    clock.advance(60_001)

    const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'punchline-mail-'))
    try {
      const oldFile = path.join(mailDir, 'old.eml')
      const newFile = path.join(mailDir, 'new.eml')
      fs.writeFileSync(oldFile, 'ABCDE-23456')
      fs.writeFileSync(newFile, 'FGHJK-23456')
      const longAgo = new Date(clock.now().getTime() - sentMailKeptMs - 1000)
      fs.utimesSync(oldFile, longAgo, longAgo)
      fs.utimesSync(newFile, clock.now(), clock.now())

      expect(await forgetOldMail(opened.db, clock.now(), mailDir)).toEqual({ rows: 1, files: 1 })
      const rows = await opened.db
        .selectFrom('mail_outbox')
        .select(['dedupe_key', 'text_body', 'html_body'])
        .orderBy('dedupe_key')
        .execute()
      expect(rows).toEqual([
        { dedupe_key: 'test:old', text_body: forgottenMailText, html_body: null },
        { dedupe_key: 'test:recent', text_body: 'FGHJK-23456', html_body: null },
      ])
      expect(fs.existsSync(oldFile)).toBe(false)
      expect(fs.existsSync(newFile)).toBe(true)
      expect(await forgetOldMail(opened.db, clock.now(), mailDir)).toEqual({ rows: 0, files: 0 })
    } finally {
      fs.rmSync(mailDir, { recursive: true, force: true })
    }
  })
})
