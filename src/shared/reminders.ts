import { siteConfig } from './site-config'

/**
 * Reminders before a show and following a comic (docs/product.md, "Reminders and following"):
 * the addresses, the forms' fields and every word their pages and refusals say.
 */

/** Where a reminder is asked for (`?show=<id>`), confirmed, managed and unsubscribed. */
export const reminderPaths = {
  remind: '/remind',
  follow: '/follow',
  confirm: '/remind/confirm',
  manage: '/remind/manage',
  /** RFC 8058's one-click unsubscribe: a POST, answered without a page. */
  unsubscribe: '/api/unsubscribe',
} as const

/** The schedule's and the show page's "Remind me" link for one show. */
export function remindPath(showId: string): string {
  return `${reminderPaths.remind}?show=${encodeURIComponent(showId)}`
}

/** A comic page's "Follow" link. */
export function followPath(comicId: string): string {
  return `${reminderPaths.follow}?comic=${encodeURIComponent(comicId)}`
}

/** How long before a show each reminder goes, largest first. */
export const reminderLeads = [
  { kind: '24h', ms: 24 * 60 * 60_000 },
  { kind: '1h', ms: 60 * 60_000 },
] as const

export type ReminderKind = (typeof reminderLeads)[number]['kind']

/** A follower gets at most one mail of lineup news in this time. */
export const followMailEveryMs = 24 * 60 * 60_000

export const reminderTexts = {
  remindHeading: 'Remind me before the show',
  followHeading: 'Follow this comic',
  emailLabel: 'Your email',
  remindButton: 'Remind me',
  followButton: 'Follow',
  remindWhen: 'We mail you 24 hours and 1 hour before the show, with the lineup and the way in.',
  followWhen: 'We mail you when they are added to a show, at most once a day.',
  checkInbox:
    'Check your inbox. The first time, we mail a link to confirm this address, and nothing else until you do. Once it is confirmed, you get what you asked for.',
  badEmail: 'That does not look like an email address: please check it.',
  noShow: 'That show is not on the schedule.',
  showStarted: 'That show has started already.',
  noComic: 'That comic is not on the site.',
  badLink:
    'This link does not work any more: it was used, or a newer one replaced it. Ask again from the show or the comic.',
  confirmHeading: 'Confirm your address',
  confirmButton: 'Confirm',
  confirmQuestion: 'Confirm this address to get the reminders and news you asked for.',
  confirmed: 'Your address is confirmed.',
  manageHeading: 'Your reminders and follows',
  manageIntro: 'What this address gets from us. Nothing else is ever mailed to it.',
  remindersHeading: 'Reminders',
  followsHeading: 'Following',
  noReminders: 'No reminders.',
  noFollows: 'You follow no comic.',
  stop: 'Stop',
  unsubscribeAll: 'Unsubscribe from everything',
  unsubscribed:
    'You are unsubscribed: this address gets no more reminders or news from us. Ask again from a show or a comic whenever you like.',
  stopped: 'Done: that one is stopped.',
  backHome: `Back to ${siteConfig.brand}`,
  checkoutBox: 'Remind me before the show',
  tooMany: 'Too many requests from here for now: please try again in an hour.',
} as const
