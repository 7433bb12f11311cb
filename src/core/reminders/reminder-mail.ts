import { publicUrlMarker } from '../../shared/page-rendering'
import { type ReminderKind, reminderPaths } from '../../shared/reminders'
import { formatCentral } from '../../shared/show-time'
import { siteConfig } from '../../shared/site-config'
import { composeMail } from '../mail/compose'
import { mailLinks } from '../mail/layout-mail'
import type { MailMessage } from '../mail/mail-message'

/**
 * The mails of reminders and follows (docs/product.md, "Reminders and following"): the one link
 * that confirms an address, a reminder before a show, and a follower's lineup news. The last two
 * carry the one-click unsubscribe of RFC 8058 and the link to the page that manages them.
 */

/** The manage page of the address whose token this is, as a mail links to it. */
export function manageLink(manageToken: string): string {
  return `${publicUrlMarker}${reminderPaths.manage}?token=${encodeURIComponent(manageToken)}`
}

/** RFC 8058: a mail client's "Unsubscribe" posts to this address, and that is all it takes. */
export function unsubscribeHeaders(manageToken: string): Record<string, string> {
  const url = `${publicUrlMarker}${reminderPaths.unsubscribe}?token=${encodeURIComponent(manageToken)}`
  return {
    'List-Unsubscribe': `<${url}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  }
}

export function confirmAddressMail(to: string, link: string, asked: string): MailMessage {
  return composeMail(to, `Confirm your address for ${siteConfig.brand}`, [
    { paragraph: `You asked ${siteConfig.brand} for ${asked}.` },
    { paragraph: 'Confirm this address once, and you get it:' },
    { link: { href: link, label: 'Confirm my address' } },
    {
      paragraph:
        'If you did not ask, ignore this mail: without the link we mail this address nothing more.',
    },
  ])
}

export interface ReminderShow {
  name: string
  startsAt: Date
  /** The comics on the bill, in running order. */
  lineup: string[]
}

const leadWords: Record<ReminderKind, string> = { '24h': 'tomorrow', '1h': 'in an hour' }

export function reminderMail(
  to: string,
  kind: ReminderKind,
  show: ReminderShow,
  manageToken: string,
): MailMessage {
  const mail = composeMail(to, `${show.name} starts ${leadWords[kind]}`, [
    { paragraph: `${show.name} starts ${formatCentral(show.startsAt)}.` },
    ...(show.lineup.length > 0
      ? [{ heading: 'On the bill' }, { list: show.lineup }]
      : [{ paragraph: 'The lineup is announced on the site.' }]),
    { link: { href: mailLinks.findWorld, label: `Find the club in ${siteConfig.worldApp}` } },
    {
      paragraph:
        'You get this reminder because you asked for it. Stop it, or see what else you get, here:',
    },
    { link: { href: manageLink(manageToken), label: 'My reminders' } },
  ])
  return { ...mail, headers: unsubscribeHeaders(manageToken) }
}

export interface FollowNews {
  comic: string
  show: string
  startsAt: Date
}

export function followNewsMail(to: string, news: FollowNews[], manageToken: string): MailMessage {
  const first = news[0]
  const subject =
    news.length === 1 && first
      ? `${first.comic} is on the bill of ${first.show}`
      : 'Comics you follow are on new shows'
  const mail = composeMail(to, subject, [
    { paragraph: 'New on the bill, from the comics you follow:' },
    { list: news.map((n) => `${n.comic}: ${n.show}, ${formatCentral(n.startsAt)}`) },
    { link: { href: mailLinks.site, label: 'The schedule' } },
    { paragraph: 'You get this because you follow them. Stop it, or see what else you get, here:' },
    { link: { href: manageLink(manageToken), label: 'My follows' } },
  ])
  return { ...mail, headers: unsubscribeHeaders(manageToken) }
}
