import { formatUsd } from '../../shared/money'
import { potRuleWords } from '../../shared/settlements'
import { comicOrRefuse } from '../comics/roster'
import { refuse } from '../refusal'
import { closeSelection } from '../settlements/book-previews'
import { comicAudience } from '../settlements/comic-sign-in'
import { comicsReport } from '../settlements/comics-report'
import { recordPayout } from '../settlements/payouts'
import { settlementTexts } from '../settlements/settlement-texts'
import {
  closeSettlement,
  listSettlements,
  settlementView,
  showOrRefuse,
} from '../settlements/show-settlements'
import { comicStatement, monthRange } from '../settlements/statement'
import { queueMonthStatements, queueStatementLink } from '../settlements/statement-mail'
import { readTerms, writeTerms } from '../settlements/terms'
import { createSignInLink, signInUrl } from '../sign-in/links'
import { recordAudit } from './audit'
import type { Handlers, OperatorDeps } from './operator-types'

/**
 * A month closed: once it is over and none of its shows is left open, each comic with money or
 * sets in it is mailed their statement for it (once: closing again mails nobody twice).
 */
async function monthStatements(
  deps: OperatorDeps,
  input: { show: string } | { month: string },
  now: Date,
): Promise<{ mailed: string[]; withoutAddress: string[]; held: string | null }> {
  const none = { mailed: [], withoutAddress: [] }
  if (!('month' in input)) return { ...none, held: null }
  const range = monthRange(input.month)
  if (now < range.to) return { ...none, held: settlementTexts.monthNotOver(input.month) }
  const open = (await listSettlements(deps.db, now, range)).filter((s) => !s.closed)
  if (open.length > 0)
    return { ...none, held: settlementTexts.monthLeftOpen(input.month, open.length) }
  const result = await queueMonthStatements(deps.db, input.month, now)
  if (result.mailed.length > 0) deps.kickMail?.()
  return { ...result, held: null }
}

type SettlementActionName =
  | 'settlements.list'
  | 'settlements.show'
  | 'settlements.close'
  | 'settlements.terms'
  | 'settlements.set-terms'
  | 'payouts.record'
  | 'comics.statement'
  | 'comics.report'
  | 'comics.link'

/**
 * What the club owes its comics (docs/comics.md, "Settling with the comics"): settlements, the
 * terms, payouts, statements and a comic's link to theirs; every change goes to the audit log.
 */
export const settlementActions: Handlers<SettlementActionName> = {
  async 'settlements.list'(deps, _actor, input) {
    return listSettlements(
      deps.db,
      deps.clock.now(),
      input.month ? monthRange(input.month) : undefined,
    )
  },

  async 'settlements.show'(deps, _actor, input) {
    return settlementView(deps.db, await showOrRefuse(deps.db, input.show))
  },

  async 'settlements.close'(deps, actor, input) {
    const now = deps.clock.now()
    const { shows: showIds, skipped } = await closeSelection(deps.db, now, input)
    const closed = []
    for (const showId of showIds) {
      const show = await closeSettlement(deps.db, showId, actor.who, now)
      const view = await settlementView(deps.db, show)
      await recordAudit(
        deps.db,
        actor,
        {
          action: 'settlements.close',
          target: { type: 'event', id: show.id },
          summary: `Closed the settlement of ${show.name}: ${formatUsd(view.moneyCents)} in, ${formatUsd(view.comicsCents)} to the comics, ${formatUsd(view.clubCents)} to the club`,
        },
        now,
      )
      closed.push(view)
    }
    return { closed, skipped, statements: await monthStatements(deps, input, now) }
  },

  async 'settlements.terms'(deps) {
    return readTerms(deps.db)
  },

  async 'settlements.set-terms'(deps, actor, input) {
    const { terms, changed } = await writeTerms(deps.db, input)
    if (changed.length > 0) {
      await recordAudit(
        deps.db,
        actor,
        {
          action: 'settlements.set-terms',
          target: { type: 'settings', id: 'settlement' },
          summary: `Set the comics' terms: ${terms.sharePercent}% to the comics, a member boost ${formatUsd(terms.memberBoostCents)}, the pot in ${potRuleWords[terms.potRule]}`,
        },
        deps.clock.now(),
      )
    }
    return { terms, changed: changed.length > 0 }
  },

  async 'payouts.record'(deps, actor, input) {
    const now = deps.clock.now()
    const comic = await comicOrRefuse(deps.db, input.comic)
    const { payout, stillOwedCents, mailed } = await recordPayout(
      deps.db,
      comic,
      input,
      actor.who,
      now,
    )
    await recordAudit(
      deps.db,
      actor,
      {
        action: 'payouts.record',
        target: { type: 'comic', id: comic.id },
        summary: `Recorded a payout of ${formatUsd(payout.amountCents)} to ${comic.name} on ${payout.paidOn} (${payout.reference})`,
      },
      now,
    )
    if (mailed) deps.kickMail?.()
    return { payout, stillOwedCents, mailed }
  },

  async 'comics.statement'(deps, _actor, input) {
    const comic = await comicOrRefuse(deps.db, input.comic)
    return comicStatement(deps.db, comic, input.month, deps.clock.now())
  },

  async 'comics.report'(deps, _actor, input) {
    return comicsReport(deps.db, deps.clock.now(), input)
  },

  async 'comics.link'(deps, actor, input) {
    const comic = await comicOrRefuse(deps.db, input.comic)
    const email = comic.payout_email
    if (!email) throw refuse.invalid(settlementTexts.noPayoutAddress(comic.name))
    if (!deps.console) throw refuse.unavailable(settlementTexts.noSiteAddress)
    const now = deps.clock.now()
    const publicUrl = deps.console.publicUrl
    let result: { email: string; mailed: boolean; url: string | null; expiresAt: string | null }
    if (input.print) {
      const link = await createSignInLink(deps.db, 'comic', email, now)
      result = {
        email,
        mailed: false,
        url: signInUrl(publicUrl, comicAudience, link.token),
        expiresAt: link.expiresAt.toISOString(),
      }
    } else {
      await queueStatementLink(deps.db, comic, email, now)
      deps.kickMail?.()
      result = { email, mailed: true, url: null, expiresAt: null }
    }
    await recordAudit(
      deps.db,
      actor,
      {
        action: 'comics.link',
        target: { type: 'comic', id: comic.id },
        summary: `${input.print ? 'Made' : 'Mailed'} ${comic.name} a sign-in link to their statement`,
      },
      now,
    )
    return result
  },
}
