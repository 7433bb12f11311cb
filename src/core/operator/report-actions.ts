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
import { nightComics, readWrapUp, showCodeCounts } from './show-night-facts'

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
    const now = deps.clock.now()
    const feed = await readLiveFeed(deps.db, now)
    // The same figures as Reports and the chart, from one place.
    const boosts = feed.showId
      ? await boostsOfShow(deps.db, feed.showId)
      : { boosts: 0, codeBoosts: 0, memberBoosts: 0 }
    const [counts, night, wrapUp] = await Promise.all([
      feed.showId
        ? showCodeCounts(deps.db, feed.showId)
        : { codesSold: 0, codesRedeemed: 0, orders: 0 },
      feed.showId ? nightComics(deps.db, feed.showId, now) : { comics: [], openSetBoosts: null },
      readWrapUp(deps.db, now),
    ])
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
      ...counts,
      comics: night.comics,
      setBoosts: night.openSetBoosts,
      wrapUp,
    }
  },

  async 'audit.list'(deps, _actor, input) {
    return listAudit(deps.db, input)
  },
}
