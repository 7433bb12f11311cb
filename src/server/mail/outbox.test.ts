import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ManualClock } from '#test/clock'
import { type OpenTestDatabase, testDatabases } from '#test/test-app'
import { createMailer } from './mailer'
import { queueMail, retryDelayMs, sendDueMail } from './outbox'

interface Received {
  from: string | undefined
  to: string[]
  raw: string
}

/** A real SMTP server on a loopback port, keeping every message it accepts. */
async function startSmtp(
  port = 0,
): Promise<{ port: number; received: Received[]; stop(): Promise<void> }> {
  const received: Received[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
  const address = server.server.address() as AddressInfo
  return {
    port: address.port,
    received,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

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
      const mailer = createMailer({
        smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
        from: 'Punchline VR <codes@punchlinevr.club>',
        mailDir: 'unused',
      })
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
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'codes@punchlinevr.club',
      mailDir: 'unused',
    })
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
})
