import type { SupportersView } from '../../shared/supporters'
import type { Db } from '../db/schema'
import { readLiveFeed } from '../kiosk/live-feed'
import { publishStage } from '../stage-stream/publish'
import {
  readOverlaySupporters,
  setOverlaySupporters,
  supportersEvent,
} from '../stage-stream/supporters-event'
import { recordAudit } from './audit'
import type { Handlers } from './operator-types'

/** The setting and tonight's list: the show on now or next, as the feed and the stream say. */
async function supportersView(db: Db, now: Date): Promise<SupportersView> {
  const [feed, overlay] = await Promise.all([readLiveFeed(db, now), readOverlaySupporters(db)])
  return { overlay, showId: feed.showId, supporters: feed.supporters ?? [] }
}

/**
 * The host's switch for the overlay's top supporters (docs/stage.md, "Top supporters"), from the
 * console or `npm run admin -- stage supporters on|off`: kept for every process, sent on the
 * stream at once so the overlays follow, and written to the audit log.
 */
export const supportersActions: Handlers<'supporters.show' | 'supporters.overlay'> = {
  async 'supporters.show'(deps) {
    return supportersView(deps.db, deps.clock.now())
  },

  async 'supporters.overlay'(deps, actor, input) {
    const now = deps.clock.now()
    await setOverlaySupporters(deps.db, input.on)
    const view = await supportersView(deps.db, now)
    await publishStage(deps.db, [supportersEvent(now, view)])
    await recordAudit(
      deps.db,
      actor,
      {
        action: 'supporters.overlay',
        target: { type: 'stage', id: 'supporters' },
        summary: `Turned the overlay's top supporters ${input.on ? 'on' : 'off'}`,
      },
      now,
    )
    return view
  },
}
