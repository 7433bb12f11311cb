import { toCount } from '../db/schema'
import { readLiveFeed } from '../kiosk/live-feed'
import { boostsOfShow } from '../reports/show-boosts'
import {
  boostsPerShow,
  latestShowWithOrders,
  reportByMonth,
  reportByShow,
  showReport,
} from '../reports/show-report'
import { listAudit } from './audit'
import type { Handlers } from './operator-types'

export const reportActions: Handlers<
  'shows.report' | 'reports.shows' | 'reports.months' | 'reports.boosts' | 'tonight' | 'audit.list'
> = {
  async 'shows.report'(deps, _actor, input) {
    const showId = input.showId ?? (await latestShowWithOrders(deps.db))
    if (!showId) return null
    return (await showReport(deps.db, showId)) ?? null
  },

  async 'reports.shows'(deps, _actor, input) {
    return reportByShow(deps.db, input)
  },

  async 'reports.months'(deps) {
    return reportByMonth(deps.db, deps.clock.now())
  },

  async 'reports.boosts'(deps, _actor, input) {
    return boostsPerShow(deps.db, deps.clock.now(), input.months)
  },

  async tonight(deps) {
    const feed = await readLiveFeed(deps.db, deps.clock.now())
    const counts = feed.showId
      ? await deps.db
          .selectFrom('orders as o')
          .leftJoin('codes as c', 'c.order_id', 'o.id')
          .select((eb) => [
            eb.fn.count<number>('o.id').distinct().as('orders'),
            eb.fn.count<number>('c.code').as('sold'),
            eb.fn.count<number>('c.redeemed_at').as('redeemed'),
          ])
          .where('o.show_id', '=', feed.showId)
          .executeTakeFirst()
      : undefined
    // The same figures as Reports and the chart, from one place.
    const boosts = feed.showId
      ? await boostsOfShow(deps.db, feed.showId)
      : { boosts: 0, codeBoosts: 0, memberBoosts: 0 }
    return {
      state: feed.state,
      show: feed.showId ? { id: feed.showId, name: feed.show, startsAt: feed.startsAt } : null,
      totalBoosts: boosts.boosts,
      codeBoosts: boosts.codeBoosts,
      memberBoosts: boosts.memberBoosts,
      gifts: feed.gifts.map((gift) => ({
        text: gift.text,
        at: gift.at,
        boosts: gift.boosts,
        anonymous: gift.anonymous,
      })),
      codesSold: toCount(counts?.sold),
      codesRedeemed: toCount(counts?.redeemed),
      orders: toCount(counts?.orders),
    }
  },

  async 'audit.list'(deps, _actor, input) {
    return listAudit(deps.db, input)
  },
}
