import fs from 'node:fs/promises'
import path from 'node:path'
import { sql } from 'kysely'
import { defaultPublicUrl, publicUrlMarker } from '../../shared/page-rendering'
import type { Clock } from '../clock'
import type { Db, OutboxMail } from '../db/schema'
import { maskEmail, maskEmails } from '../redact'
import { type Mailer, type MailMessage, MailRefusedError } from './mail-message'

export interface QueuedMail extends MailMessage {
  /** Queuing the same key twice queues one mail: callers name what the mail is about. */
  dedupeKey: string
}

/**
 * Writes a mail to the outbox. Call it inside the transaction that makes the mail true, so the
 * mail exists exactly when the thing it tells of does (docs/product.md, "Mail").
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
      reply_to: mail.replyTo ?? null,
      headers: mail.headers ? JSON.stringify(mail.headers) : null,
      created_at: now,
      next_attempt_at: now,
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .execute()
}

/** A mail that still fails this long after it was queued is given up (and shown to the operator). */
export const mailGiveUpAfterMs = 3 * 24 * 60 * 60_000

/** Sent mail keeps its text (which holds codes) this long; then only the record remains. */
export const sentMailKeptMs = 30 * 24 * 60 * 60_000

/** What a sent mail's text becomes after sentMailKeptMs. */
export const forgottenMailText = '(text removed 30 days after sending)'

/** 30 s, 1 min, 2 min ... capped at one hour between tries. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000)
}

export interface SendFailure {
  mail: OutboxMail
  /** The reason, every address in it masked (as stored in last_error). */
  error: string
  /** True when this failure made the outbox give up on the mail. */
  gaveUp: boolean
  /** True when the mail server refused the mail for good (a 5xx reply): given up at once. */
  refused: boolean
  nextAttemptAt: Date | undefined
}

export interface SendOptions {
  /** At most this many mails per run. */
  batchSize?: number
  /** Checked before each send: true ends the run (the rest stay queued). */
  stopping?: () => boolean
  /** Told of each failed send, with the reason. */
  onFailure?: (failure: SendFailure) => void
  /**
   * The site's address (PUBLIC_URL), put in place of the marker the mail layout's links carry
   * (layout-mail.ts) as each mail goes out; unset, they point at the default local address.
   */
  publicUrl?: string | undefined
}

/** A queued mail's words with the site's address in its links. */
export function withSiteAddress(body: string, publicUrl: string): string {
  return body.replaceAll(publicUrlMarker, publicUrl)
}

/** A queued mail's extra headers, with the site's address in their links. */
function storedHeaders(json: string | null, publicUrl: string): Record<string, string> | undefined {
  if (!json) return undefined
  const parsed: unknown = JSON.parse(json)
  if (typeof parsed !== 'object' || parsed === null) return undefined
  return Object.fromEntries(
    Object.entries(parsed).flatMap(([name, value]) =>
      typeof value === 'string' ? [[name, withSiteAddress(value, publicUrl)]] : [],
    ),
  )
}

/**
 * Sends what is due, oldest first, one mail at a time. Each mail is claimed alone, by moving its
 * next attempt forward in one statement (a lease), so several server processes never send the
 * same mail at once, and a process that stops mid-batch holds no more than the mail in hand.
 * A failed mail is retried with back-off (at most an hour apart) for mailGiveUpAfterMs, then
 * marked failed: never dropped silently. A mail the server refuses for good is marked failed at
 * once, with the reason.
 */
export async function sendDueMail(
  db: Db,
  mailer: Mailer,
  clock: Clock,
  options: SendOptions = {},
): Promise<{ sent: number; failed: number }> {
  let sent = 0
  let failed = 0
  for (let i = 0; i < (options.batchSize ?? 20); i++) {
    if (options.stopping?.()) break
    const now = clock.now()
    const lease = new Date(now.getTime() + 5 * 60_000)
    const claimed = await sql<OutboxMail>`
      update mail_outbox set next_attempt_at = ${lease}, attempts = attempts + 1
      where id = (
        select id from mail_outbox
        where sent_at is null and failed_at is null and next_attempt_at <= ${now}
        order by next_attempt_at, id limit 1
        for update skip locked
      )
      returning *`.execute(db)
    const mail = claimed.rows[0]
    if (!mail) break
    const site = options.publicUrl ?? defaultPublicUrl()
    try {
      await mailer.send({
        to: mail.to_address,
        subject: mail.subject,
        text: withSiteAddress(mail.text_body, site),
        html: mail.html_body ? withSiteAddress(mail.html_body, site) : undefined,
        replyTo: mail.reply_to ?? undefined,
        headers: storedHeaders(mail.headers, site),
      })
      await db
        .updateTable('mail_outbox')
        .set({ sent_at: clock.now(), last_error: null })
        .where('id', '=', mail.id)
        .execute()
      sent++
    } catch (error) {
      failed++
      // SMTP replies quote the recipient ("550 5.1.1 <jane@…>"): masked before stored or logged.
      const reason = maskEmails(error instanceof Error ? error.message : String(error))
      const at = clock.now()
      const refused = error instanceof MailRefusedError
      const gaveUp = refused || at.getTime() - mail.created_at.getTime() >= mailGiveUpAfterMs
      const nextAttemptAt = gaveUp
        ? undefined
        : new Date(at.getTime() + retryDelayMs(mail.attempts))
      await db
        .updateTable('mail_outbox')
        .set({
          last_error: reason.slice(0, 1000),
          ...(nextAttemptAt ? { next_attempt_at: nextAttemptAt } : { failed_at: at }),
        })
        .where('id', '=', mail.id)
        .execute()
      options.onFailure?.({ mail, error: reason, gaveUp, refused, nextAttemptAt })
    }
  }
  return { sent, failed }
}

/** One log line per failed send; giving up is an error, with the command that requeues it. */
export function describeSendFailure(failure: SendFailure): {
  level: 'warn' | 'error'
  line: string
} {
  const { mail, error } = failure
  const which = `mail ${mail.id} ("${mail.subject}") to ${maskEmail(mail.to_address)}`
  const requeue = `Requeue it with: npm run admin -- mail retry ${mail.id}`
  if (failure.refused) {
    return {
      level: 'error',
      line: `mail: gave up on ${which}: refused permanently: ${error}. ${requeue}`,
    }
  }
  if (failure.gaveUp) {
    return {
      level: 'error',
      line: `mail: gave up on ${which} after ${mail.attempts} attempts over 3 days: ${error}. ${requeue}`,
    }
  }
  return {
    level: 'warn',
    line: `mail: sending ${which} failed (attempt ${mail.attempts}): ${error}; next try at ${failure.nextAttemptAt?.toISOString()}`,
  }
}

/**
 * Puts failed mail back in the queue, due now: one by id, or every one. Its 3 days of retries
 * start again (the queue time is reset). Returns how many.
 */
export async function retryFailedMail(db: Db, now: Date, which: number | 'all'): Promise<number> {
  let query = db
    .updateTable('mail_outbox')
    .set({ failed_at: null, next_attempt_at: now, created_at: now })
    .where('failed_at', 'is not', null)
    .where('sent_at', 'is', null)
  if (which !== 'all') query = query.where('id', '=', which)
  const rows = await query.returning('id').execute()
  return rows.length
}

/**
 * Sent mail stops holding codes in clear text after sentMailKeptMs, and the .eml copies in
 * `mailDir` (mail without SMTP) are deleted then. Returns how many rows and files it cleared.
 */
export async function forgetOldMail(
  db: Db,
  now: Date,
  mailDir?: string,
): Promise<{ rows: number; files: number }> {
  const before = new Date(now.getTime() - sentMailKeptMs)
  const cleared = await db
    .updateTable('mail_outbox')
    .set({ text_body: forgottenMailText, html_body: null })
    .where('sent_at', '<', before)
    .where('text_body', '<>', forgottenMailText)
    .returning('id')
    .execute()
  let files = 0
  if (mailDir) {
    const names = await fs.readdir(mailDir).catch(() => [] as string[])
    for (const name of names) {
      if (!name.endsWith('.eml')) continue
      const file = path.join(mailDir, name)
      const stat = await fs.stat(file).catch(() => undefined)
      if (stat && stat.mtimeMs < before.getTime()) {
        await fs.rm(file, { force: true })
        files++
      }
    }
  }
  return { rows: cleared.length, files }
}
