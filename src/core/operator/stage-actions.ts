import { overlayUrl } from '../../shared/overlay'
import { stageSaid } from '../../shared/stage'
import { controlEvent, publishStage, testAlert } from '../stage-stream/publish'
import { readStageKey, renewStageKey } from '../stage-stream/stage-key'
import { stageNow } from '../stage-stream/state'
import { recordAudit } from './audit'
import type { Handlers } from './operator-types'

/**
 * The host's controls of the stream's alerts, from the console or `npm run admin -- stage`:
 * published through the database (NOTIFY on PostgreSQL, the server's own bus on the embedded
 * one), so every server process's readers get them. Each is written to the audit log.
 */
export const stageActions: Handlers<'stage.send' | 'stage.key'> = {
  async 'stage.send'(deps, actor, input) {
    const now = deps.clock.now()
    const event =
      input.action === 'test'
        ? await (async () => {
            const { feed } = await stageNow(deps.db, now)
            return testAlert(now, feed.showId, feed.totalBoosts)
          })()
        : controlEvent(now, input.action)
    await publishStage(deps.db, [event])
    await recordAudit(
      deps.db,
      actor,
      {
        action: 'stage.send',
        target: { type: 'stage', id: input.action },
        summary: `Sent the stream "${input.action}"`,
      },
      now,
    )
    return { action: input.action, id: event.id, said: stageSaid[input.action] }
  },

  /**
   * The overlay's URL with the stage key, for OBS; `renew` makes a new key, and the streams
   * opened with the old one lose their stage seats (docs/stage.md). Only a new key is audited,
   * and the log never holds a key.
   */
  async 'stage.key'(deps, actor, input) {
    const key = input.renew ? await renewStageKey(deps.db) : await readStageKey(deps.db)
    if (input.renew) {
      await recordAudit(
        deps.db,
        actor,
        {
          action: 'stage.key',
          target: { type: 'stage', id: 'key' },
          summary: 'Made a new stage key: the old overlay URL no longer has seats of its own',
        },
        deps.clock.now(),
      )
    }
    return {
      key,
      overlayUrl: overlayUrl(deps.console?.publicUrl ?? '', key),
      renewed: input.renew,
    }
  },
}
