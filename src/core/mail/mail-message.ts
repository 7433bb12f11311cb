/** A mail as the store writes it: plain text always, HTML beside it when it has one. */
export interface MailMessage {
  to: string
  subject: string
  text: string
  html?: string | undefined
  /** Where the reader's Reply goes, when not to the sender (the contact mail: the fan). */
  replyTo?: string | undefined
}

/** What sends mail: SMTP, or files on a machine without it (server/adapters/mailer.ts). */
export interface Mailer {
  send(message: MailMessage): Promise<void>
}

/**
 * The mail server refused this mail for good (an SMTP 5xx reply): sending it again cannot help,
 * so the outbox gives up at once instead of retrying for days. The adapter decides what counts.
 */
export class MailRefusedError extends Error {
  override name = 'MailRefusedError'
}
