/** A mail as the store writes it: plain text always, HTML beside it when it has one. */
export interface MailMessage {
  to: string
  subject: string
  text: string
  html?: string | undefined
}

/** What sends mail: SMTP, or files on a machine without it (server/adapters/mailer.ts). */
export interface Mailer {
  send(message: MailMessage): Promise<void>
}
