// An open-mic link and mail as a comic's inbox shows them, read from the outbox.
import type { Db } from '../../src/core/db/schema'
import type { OpenMicLinkAction } from '../../src/shared/open-mic'

/**
 * The newest open-mic link of `action` (confirm or withdraw) mailed to `email`, read from the
 * outbox, and the subject and text of the newest mail to them: what a comic's inbox shows.
 */
export async function mailedOpenMicLink(
  db: Db,
  email: string,
  action: OpenMicLinkAction,
): Promise<string | undefined> {
  const mails = await db
    .selectFrom('mail_outbox')
    .select('text_body')
    .where('to_address', '=', email)
    .orderBy('id', 'desc')
    .execute()
  const pattern = new RegExp(`\\S+/open-mic/\\S+#${action}=[\\w-]+`)
  for (const mail of mails) {
    const link = pattern.exec(mail.text_body)?.[0]
    if (link) return link
  }
  return undefined
}

export async function newestMail(
  db: Db,
  email: string,
): Promise<{ subject: string; text: string } | undefined> {
  const mail = await db
    .selectFrom('mail_outbox')
    .select(['subject', 'text_body'])
    .where('to_address', '=', email)
    .orderBy('id', 'desc')
    .executeTakeFirst()
  return mail ? { subject: mail.subject, text: mail.text_body } : undefined
}
