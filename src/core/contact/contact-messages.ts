import type { ContactMessage } from '../../shared/contact'
import { isSimpleEmail } from '../../shared/email'
import type { Db } from '../db/schema'
import { queueMail } from '../mail/outbox'

export interface ContactDelivery {
  /** Where the message is mailed: CONTACT_TO, else the site's contact address. */
  to: string
  /** Named in the mail so the reader knows which site it came from. */
  siteUrl: string
  now: Date
  /** The keyed hash of the sender's address (client-hash.ts); never the address itself. */
  clientHash?: string | undefined
}

/** One line, for a mail subject: a name cannot add header lines. */
function oneLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim()
}

/**
 * The mail the operator receives: who wrote, how to answer, and the message itself. Reply goes to
 * the fan (the address was checked as a simple address, so it holds no header of its own).
 */
export function contactMail(message: ContactMessage, id: number, delivery: ContactDelivery) {
  const name = oneLine(message.name)
  return {
    dedupeKey: `contact:${id}`,
    to: delivery.to,
    replyTo: isSimpleEmail(message.email) ? message.email : undefined,
    subject: `Contact form: ${name}`,
    text: [
      `A message from the contact form of ${delivery.siteUrl}`,
      '',
      `From: ${name} <${message.email}>`,
      `Reply to: ${message.email}`,
      `Received: ${delivery.now.toISOString()}`,
      `Message number: ${id}`,
      '',
      message.message,
      '',
    ].join('\n'),
  }
}

/**
 * Stores the message, then queues its mail in the same transaction: the message is kept even
 * when the mail server is down (the outbox retries), and a mail never exists for a message that
 * was not stored.
 */
export async function saveContactMessage(
  db: Db,
  message: ContactMessage,
  delivery: ContactDelivery,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('contact_messages')
      .values({
        name: message.name,
        email: message.email,
        message: message.message,
        created_at: delivery.now,
        client_hash: delivery.clientHash ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await queueMail(trx, contactMail(message, id, delivery), delivery.now)
    return id
  })
}
