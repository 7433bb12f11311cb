/** A mail as the store writes it: plain text always, HTML beside it when it has one. */
export interface MailMessage {
  to: string
  subject: string
  text: string
  html?: string | undefined
  /** Where the reader's Reply goes, when not to the sender (the contact mail: the fan). */
  replyTo?: string | undefined
  /**
   * Headers beyond the usual: a mail fans subscribed to carries its one-click unsubscribe
   * (RFC 8058's List-Unsubscribe and List-Unsubscribe-Post).
   */
  headers?: Record<string, string> | undefined
}

/** Every mail the site sends is written by it, not by a person (RFC 3834): no auto-replies. */
export const autoSubmittedHeader = { 'Auto-Submitted': 'auto-generated' } as const

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
