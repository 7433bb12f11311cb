import { balanceLines } from '../../shared/comic-statement'
import { formatUsd } from '../../shared/money'
import { publicUrlMarker } from '../../shared/page-rendering'
import { paths } from '../../shared/pages'
import type { ComicStatement, PayoutView } from '../../shared/settlements'
import { siteConfig } from '../../shared/site-config'
import {
  adjustmentSentence,
  centralDay,
  monthName,
  payoutSentence,
  payoutSubject,
  readableDay,
  readableMonth,
} from '../../shared/statement-ledger'
import type { ComicRow } from '../db/comic-tables'
import type { Db } from '../db/schema'
import { inTransaction } from '../db/transaction'
import { composeMail } from '../mail/compose'
import { queueMail } from '../mail/outbox'
import { createSignInLink, hashToken, signInUrl } from '../sign-in/links'
import { comicAudience } from './comic-sign-in'
import { comicStatement, monthRange } from './statement'

/**
 * The mails that bring a comic their money's news (docs/comics.md, "Your statement, line by
 * line"): a payout recorded, and the month's statement when the host closes the month. Each is
 * queued once (its outbox key) in the transaction that makes it true, and its links carry the
 * site's address as the mail worker sends them.
 */

/**
 * A monthly statement's link signs in once within 30 days: it comes unasked, and is read when
 * the comic sits down with their books, not at once; by then the next month's is on its way
 * (docs/decisions/045-a-statement-that-explains-every-cent.md).
 */
export const statementLinkLifetimeDays = 30
const statementLinkLifetimeMs = statementLinkLifetimeDays * 24 * 60 * 60_000

const statementPage = `${publicUrlMarker}${paths.statement}`

/** Tells a comic the club recorded a payout to them, and what it still owes them. */
export function payoutMail(to: string, payout: PayoutView, stillOwedCents: number) {
  const how = payout.method ? ` by ${payout.method}` : ''
  return composeMail(to, payoutSubject(payout), [
    {
      paragraph: `${siteConfig.brand} recorded a payout to you: ${formatUsd(payout.amountCents)} sent${how} on ${readableDay(payout.paidOn)}, reference ${payout.reference}.`,
    },
    {
      paragraph:
        stillOwedCents > 0
          ? `After it, the club still owes you ${formatUsd(stillOwedCents)} for the shows closed so far.`
          : 'With it, the club owes you nothing more for the shows closed so far.',
    },
    { link: { href: statementPage, label: 'See your statement' } },
    {
      paragraph:
        'Your statement lists every show, boost and payout. To open it, ask for a sign-in link there with this address.',
    },
  ])
}

/** Queues the payout's mail to the comic's payout address, once; false when they have none. */
export async function queuePayoutMail(
  db: Db,
  comic: ComicRow,
  payout: PayoutView,
  stillOwedCents: number,
  now: Date,
): Promise<boolean> {
  if (!comic.payout_email) return false
  await queueMail(
    db,
    {
      dedupeKey: `comic-payout:${payout.id}`,
      ...payoutMail(comic.payout_email, payout, stillOwedCents),
    },
    now,
  )
  return true
}

/** What is owed at the end of a statement's period. */
const endCents = (s: ComicStatement) => s.openingCents + s.owedCents - s.paidCents

/** "Your statement for November: $42.10 owed" */
export function monthStatementSubject(statement: ComicStatement & { month: string }) {
  return `Your statement for ${monthName(statement.month)}: ${formatUsd(endCents(statement))} owed`
}

/** A comic's statement for a closed month: each show's figure, the changes, payouts, totals, a link. */
export function monthStatementMail(
  to: string,
  statement: ComicStatement & { month: string },
  linkUrl: string,
) {
  const month = readableMonth(statement.month)
  const shows = statement.shows.filter((s) => s.closed).reverse()
  return composeMail(to, monthStatementSubject(statement), [
    {
      paragraph: `The host has closed ${month} at ${siteConfig.brand}. Here is what each show brought you, what changed and what was paid.`,
    },
    ...(shows.length > 0
      ? [
          { heading: 'Your shows' },
          {
            list: shows.map(
              (s) =>
                `${s.showName}, ${readableDay(centralDay(new Date(s.startsAt)))}: ${s.codeBoosts + s.memberBoosts} boosts, ${formatUsd(s.owedCents)}`,
            ),
          },
        ]
      : []),
    ...(statement.adjustments.length > 0
      ? [
          { heading: 'Refunds and disputes after closing' },
          {
            list: statement.adjustments.map(
              (a) => `${adjustmentSentence(a)} ${formatUsd(a.cents)}`,
            ),
          },
        ]
      : []),
    ...(statement.payouts.length > 0
      ? [
          { heading: 'Payouts' },
          {
            list: statement.payouts.map(
              (p) =>
                `${readableDay(p.paidOn)}: ${formatUsd(p.amountCents)}, ${payoutSentence(p).toLowerCase()}`,
            ),
          },
        ]
      : []),
    { heading: 'In all' },
    {
      list: [
        `Owed before ${month}: ${formatUsd(statement.openingCents)}`,
        `Owed for ${month}: ${formatUsd(statement.owedCents)}`,
        `Paid in ${month}: ${formatUsd(statement.paidCents)}`,
        `Owed at the end of ${month}: ${formatUsd(endCents(statement))}`,
      ],
    },
    { link: { href: linkUrl, label: 'Open my statement' } },
    {
      paragraph: `The button signs you in on one device, once, within ${statementLinkLifetimeDays} days; the statement there explains every cent and gives you a CSV for your accountant. After that, ask for a new link on the statement page with this address.`,
    },
  ])
}

/** "Your statement at Punchline VR: $21.47 owed": a link the host sent, with where the account stands. */
export function statementLinkMail(to: string, statement: ComicStatement, linkUrl: string) {
  return composeMail(
    to,
    `Your statement at ${siteConfig.brand}: ${formatUsd(statement.balance.stillOwedCents)} owed`,
    [
      {
        paragraph: `The host of ${siteConfig.brand} sent you your statement: every show you played, the boosts fans gave you, what the club owes you and what it has paid.`,
      },
      { list: balanceLines(statement.balance) },
      { link: { href: linkUrl, label: 'Open my statement' } },
      {
        paragraph: `The button signs you in on one device, once, within ${statementLinkLifetimeDays} days. After that, ask for a new link on the statement page with this address.`,
      },
    ],
  )
}

/**
 * The host sends a comic their statement (comics link): a link that lives as a statement's does,
 * in a mail that says who sent it, queued with the link in one transaction.
 */
export async function queueStatementLink(
  db: Db,
  comic: ComicRow,
  email: string,
  now: Date,
): Promise<void> {
  const statement = await comicStatement(db, comic, undefined, now)
  await inTransaction(db, async (trx) => {
    const link = await createSignInLink(trx, 'comic', email, now, statementLinkLifetimeMs)
    const url = signInUrl(publicUrlMarker, comicAudience, link.token)
    await queueMail(
      trx,
      {
        dedupeKey: `comic-statement-link:${hashToken(link.token)}`,
        ...statementLinkMail(email, statement, url),
      },
      now,
    )
  })
}

/**
 * The comics with money or sets in a month (or ever, without one): a line, a set, an adjustment
 * landed or a payout; archived comics too, their books stay.
 */
export async function comicsWithBooks(db: Db, month?: string): Promise<ComicRow[]> {
  let shows = db.selectFrom('events').select('id').where('removed_at', 'is', null)
  if (month !== undefined) {
    const { from, to } = monthRange(month)
    shows = shows.where('starts_at', '>=', from).where('starts_at', '<', to)
  }
  const payouts = db.selectFrom('comic_payouts').select('comic_id')
  return db
    .selectFrom('comics')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb(
          'id',
          'in',
          eb.selectFrom('settlement_lines').select('comic_id').where('show_id', 'in', shows),
        ),
        eb('id', 'in', eb.selectFrom('sets').select('comic_id').where('show_id', 'in', shows)),
        eb(
          'id',
          'in',
          eb
            .selectFrom('settlement_adjustments')
            .select('comic_id')
            .where('comic_id', 'is not', null)
            .where('show_id', 'in', shows)
            .$narrowType<{ comic_id: string }>(),
        ),
        eb(
          'id',
          'in',
          month === undefined ? payouts : payouts.where('paid_on', 'like', `${month}-%`),
        ),
      ]),
    )
    .orderBy('name')
    .orderBy('id')
    .execute()
}

/** The outbox key of a comic's statement for a month: it is mailed once. */
export const monthStatementKey = (comicId: string, month: string) =>
  `comic-statement:${comicId}:${month}`

/**
 * Mails each comic with money or sets in `month` their statement for it, with a sign-in link
 * that lives statementLinkLifetimeDays, once per comic and month (closing again mails nobody
 * twice). Returns whom it mailed and who has no payout address to mail.
 */
export async function queueMonthStatements(
  db: Db,
  month: string,
  now: Date,
): Promise<{ mailed: string[]; withoutAddress: string[] }> {
  const mailed: string[] = []
  const withoutAddress: string[] = []
  for (const comic of await comicsWithBooks(db, month)) {
    const email = comic.payout_email
    if (!email) {
      withoutAddress.push(comic.name)
      continue
    }
    const statement = { ...(await comicStatement(db, comic, month, now)), month }
    const dedupeKey = monthStatementKey(comic.id, month)
    await inTransaction(db, async (trx) => {
      const sent = await trx
        .selectFrom('mail_outbox')
        .select('id')
        .where('dedupe_key', '=', dedupeKey)
        .executeTakeFirst()
      if (sent) return
      const link = await createSignInLink(trx, 'comic', email, now, statementLinkLifetimeMs)
      const url = signInUrl(publicUrlMarker, comicAudience, link.token)
      await queueMail(trx, { dedupeKey, ...monthStatementMail(email, statement, url) }, now)
      mailed.push(comic.name)
    })
  }
  return { mailed, withoutAddress }
}
