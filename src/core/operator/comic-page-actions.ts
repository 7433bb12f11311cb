import { toComicView } from '../comics/roster'
import { markEventsChanged } from '../schedule/events'
import { recordAudit } from './audit'
import { lockOwnPage, ownPageChanges, undoOwnChange } from './comic-own-page'
import type { Handlers } from './operator-types'

/**
 * The host's hand on a comic's own page (docs/comics.md, "A comic's own page"): lock it (the
 * comic's edits refused until unlocked), read the comic's changes, undo one. Each is audited.
 */
export const comicPageActions: Handlers<'comics.lock' | 'comics.changes' | 'comics.undo'> = {
  async 'comics.lock'(deps, actor, input) {
    const now = deps.clock.now()
    const { comic, changed } = await lockOwnPage(deps.db, input.comic, input.unlock, now)
    if (changed) {
      await recordAudit(
        deps.db,
        actor,
        {
          action: 'comics.lock',
          target: { type: 'comic', id: comic.id },
          summary: input.unlock
            ? `Unlocked ${comic.name}'s page: they may edit it again`
            : `Locked ${comic.name}'s page: only the host edits it`,
        },
        now,
      )
    }
    return { comic: toComicView(comic), changed }
  },

  async 'comics.changes'(deps, _actor, input) {
    return ownPageChanges(deps.db, input.comic)
  },

  async 'comics.undo'(deps, actor, input) {
    const now = deps.clock.now()
    const undone = await undoOwnChange(deps.db, input.comic, input.change, now)
    markEventsChanged()
    await recordAudit(
      deps.db,
      actor,
      {
        action: 'comics.undo',
        target: { type: 'comic', id: undone.comic.id },
        summary: `Undid ${undone.comic.name}'s change ${undone.change} of their page: ${undone.fields.join(', ')}`,
      },
      now,
    )
    return undone
  },
}
