import { comicOrRefuse } from '../comics/roster'
import { refuse } from '../refusal'
import {
  booksOverview,
  closePreview,
  payoutPreview,
  statementRecipients,
  statementsPreview,
} from '../settlements/book-previews'
import { settlementTexts } from '../settlements/settlement-texts'
import { queueStatementLink } from '../settlements/statement-mail'
import { recordAudit } from './audit'
import type { Handlers, OperatorDeps } from './operator-types'

type BookActionName =
  | 'books.overview'
  | 'settlements.close-check'
  | 'payouts.check'
  | 'statements.send'
  | 'statements.send-check'

const comicOf = (deps: OperatorDeps, ref: string | undefined) =>
  ref === undefined ? Promise.resolve(undefined) : comicOrRefuse(deps.db, ref)

/**
 * The books in the console (docs/console.md, "Books"): each change's preview, computed by the
 * code that makes the change and touching nothing, and sending statements to one comic or all.
 */
export const bookActions: Handlers<BookActionName> = {
  async 'books.overview'(deps) {
    return booksOverview(deps.db, deps.clock.now())
  },

  async 'settlements.close-check'(deps, _actor, input) {
    return closePreview(deps.db, deps.clock.now(), input)
  },

  async 'payouts.check'(deps, _actor, input) {
    return payoutPreview(deps.db, await comicOrRefuse(deps.db, input.comic), input)
  },

  async 'statements.send-check'(deps, _actor, input) {
    return statementsPreview(deps.db, await comicOf(deps, input.comic))
  },

  async 'statements.send'(deps, actor, input) {
    const comic = await comicOf(deps, input.comic)
    if (comic && !comic.payout_email)
      throw refuse.invalid(settlementTexts.noPayoutAddress(comic.name))
    const now = deps.clock.now()
    const { toMail, withoutAddress } = await statementRecipients(deps.db, comic)
    for (const each of toMail) {
      await queueStatementLink(deps.db, each, each.payout_email ?? '', now)
      await recordAudit(
        deps.db,
        actor,
        {
          action: 'statements.send',
          target: { type: 'comic', id: each.id },
          summary: `Mailed ${each.name} a sign-in link to their statement`,
        },
        now,
      )
    }
    if (toMail.length > 0) deps.kickMail?.()
    return { mailed: toMail.map((c) => c.name), withoutAddress: withoutAddress.map((c) => c.name) }
  },
}
