import { sql } from 'kysely'
import type { Clock } from '../clock'
import type { Db } from '../db/database'
import type { OutboxMail } from '../db/schema'
import type { Mailer, MailMessage } from './mailer'

export interface QueuedMail extends MailMessage {
  /** Queuing the same key twice queues one mail: callers name what the mail is about. */
  dedupeKey: string
}

/**
 * Writes a mail to the outbox. Call it inside the transaction that makes the mail true, so the
 * mail exists exactly when the thing it tells of does (DESIGN.md, "Mail is an outbox").
 */
export async function queueMail(db: Db, mail: QueuedMail, now: Date): Promise<void> {
  await db
    .insertInto('mail_outbox')
    .values({
      dedupe_key: mail.dedupeKey,
      to_address: mail.to,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html ?? null,
      created_at: now,
      next_attempt_at: now,
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .execute()
}

const maxAttempts = 12

/** 30 s, 1 min, 2 min ... capped at one hour between tries. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000)
}

/**
 * Sends what is due, oldest first. Each mail is claimed by moving its next attempt forward in
 * one statement, so several server processes never send the same mail twice at once.
 */
export async function sendDueMail(
  db: Db,
  mailer: Mailer,
  clock: Clock,
  batchSize = 20,
  /** Checked before each send: true ends the batch (the rest keep their claim). */
  stopping: () => boolean = () => false,
): Promise<{ sent: number; failed: number }> {
  const now = clock.now()
  const lease = new Date(now.getTime() + 5 * 60_000)
  const claimed = await sql<OutboxMail>`
    update mail_outbox set next_attempt_at = ${lease}, attempts = attempts + 1
    where id in (
      select id from mail_outbox
      where sent_at is null and next_attempt_at <= ${now} and attempts < ${maxAttempts}
      order by next_attempt_at limit ${batchSize}
      for update skip locked
    )
    returning *`.execute(db)

  let sent = 0
  let failed = 0
  for (const mail of claimed.rows) {
    if (stopping()) break
    try {
      await mailer.send({
        to: mail.to_address,
        subject: mail.subject,
        text: mail.text_body,
        html: mail.html_body ?? undefined,
      })
      await db
        .updateTable('mail_outbox')
        .set({ sent_at: clock.now(), last_error: null })
        .where('id', '=', mail.id)
        .execute()
      sent++
    } catch (error) {
      failed++
      await db
        .updateTable('mail_outbox')
        .set({
          last_error: error instanceof Error ? error.message : String(error),
          next_attempt_at: new Date(clock.now().getTime() + retryDelayMs(mail.attempts)),
        })
        .where('id', '=', mail.id)
        .execute()
    }
  }
  return { sent, failed }
}

/** Runs sendDueMail every few seconds until stopped; `kick()` runs it now. */
export function startMailWorker(
  db: Db,
  mailer: Mailer,
  clock: Clock,
  options: { intervalMs?: number; onError?: (error: unknown) => void } = {},
): { kick(): void; stop(deadlineMs?: number): Promise<boolean> } {
  let running: Promise<unknown> = Promise.resolve()
  let stopped = false
  const run = () => {
    if (stopped) return
    running = running
      .then(() => sendDueMail(db, mailer, clock, 20, () => stopped))
      .catch((error) => options.onError?.(error))
  }
  const timer = setInterval(run, options.intervalMs ?? 5000)
  timer.unref()
  run()
  return {
    kick: run,
    /**
     * Stops sending. Resolves true once the send in progress is done, or false when `deadlineMs`
     * passes first: that mail keeps its claim and is sent again after the lease (at least once).
     */
    async stop(deadlineMs = Number.POSITIVE_INFINITY) {
      stopped = true
      clearInterval(timer)
      if (deadlineMs === Number.POSITIVE_INFINITY) {
        await running
        return true
      }
      let timeout: NodeJS.Timeout | undefined
      const late = new Promise<false>((resolve) => {
        timeout = setTimeout(() => resolve(false), deadlineMs)
      })
      const done = await Promise.race([running.then(() => true as const), late])
      clearTimeout(timeout)
      return done
    },
  }
}
