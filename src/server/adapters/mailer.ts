import fs from 'node:fs/promises'
import path from 'node:path'
import type { Transporter } from 'nodemailer'
import { autoSubmittedHeader, type Mailer, MailRefusedError } from '../../core/mail/mail-message'
import { maskEmail } from '../../core/redact'
import { loadWhenNeeded } from './load-when-needed'

/**
 * Seconds, not nodemailer's minutes: a mail server that hangs costs one failed attempt (retried
 * later by the outbox), never a worker stuck for ten minutes. SMTP_URL's own query parameters
 * (e.g. ?socketTimeout=60000) win.
 */
export const smtpTimeouts = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 30_000,
} as const

/**
 * An SMTP 5xx reply refuses the mail for good (its recipient, sender or content), except at login:
 * a refused login is the store's SMTP_URL, not this mail, and the retries send it once fixed.
 */
function refusedForGood(error: unknown): boolean {
  if (!(error instanceof Error) || !('responseCode' in error)) return false
  const { responseCode } = error
  const code = 'code' in error ? error.code : undefined
  return (
    typeof responseCode === 'number' &&
    responseCode >= 500 &&
    responseCode < 600 &&
    code !== 'EAUTH'
  )
}

/**
 * Real SMTP when SMTP_URL is set; otherwise each mail is written to DATA_DIR/mail as an .eml
 * file (and logged), so a fresh clone runs offline and mail can still be read.
 */
export function createMailer(options: {
  smtpUrl: string | undefined
  from: string
  mailDir: string
  log?: (line: string) => void
}): Mailer {
  // nodemailer loads with the first mail, not with every start of the server (SMTP_URL is
  // checked with the rest of the settings, in config.ts).
  let transport: Transporter | undefined
  const transportOf = (): Transporter => {
    if (transport) return transport
    const nodemailer = loadWhenNeeded<typeof import('nodemailer')>('nodemailer')
    transport = options.smtpUrl
      ? nodemailer.createTransport({ url: options.smtpUrl, ...smtpTimeouts })
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
    return transport
  }

  return {
    async send(message) {
      const info = await transportOf()
        .sendMail({
          from: options.from,
          ...message,
          headers: { ...autoSubmittedHeader, ...message.headers },
        })
        .catch((error) => {
          throw refusedForGood(error)
            ? new MailRefusedError(error.message, { cause: error })
            : error
        })
      if (options.smtpUrl) return
      // Sign-in links travel in these files: the owner's alone, whatever the process's umask.
      await fs.mkdir(options.mailDir, { recursive: true, mode: 0o700 })
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^a-zA-Z0-9]/g, '')}.eml`
      const file = path.join(options.mailDir, name)
      await fs.writeFile(file, (info as unknown as { message: Buffer }).message, { mode: 0o600 })
      options.log?.(`mail to ${maskEmail(message.to)} ("${message.subject}") written to ${file}`)
    },
  }
}
