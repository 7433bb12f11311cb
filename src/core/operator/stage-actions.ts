import { stageSaid } from '../../shared/stage'
import { controlEvent, publishStage, testAlert } from '../stage/publish'
import { stageNow } from '../stage/state'
import { recordAudit } from './audit'
import type { Handlers } from './operator-types'

/**
 * The host's controls of the stream's alerts, from the console or `npm run admin -- stage`:
 * published through the database (NOTIFY on PostgreSQL, the server's own bus on the embedded
 * one), so every server process's readers get them. Each is written to the audit log.
 */
export const stageActions: Handlers<'stage.send'> = {
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
}
