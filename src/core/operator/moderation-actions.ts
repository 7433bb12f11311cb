import { giftSentence } from '../../shared/gift-sentence'
import { moderationTexts } from '../../shared/moderation'
import { giftOf } from '../grants/grant-gift'
import { decideMessage, readModeration, setModeration } from '../moderation/held-messages'
import { recordAudit } from './audit'
import type { Handlers } from './operator-types'

/**
 * The host's moderation of fans' messages (docs/stage.md, "Moderation"), from the console or
 * `npm run admin -- stage messages`: the mode, the word list, and each held message approved or
 * rejected. Every change and every decision is written to the audit log.
 */
export const moderationActions: Handlers<
  'moderation.show' | 'moderation.set' | 'moderation.decide'
> = {
  async 'moderation.show'(deps) {
    return readModeration(deps.db)
  },

  async 'moderation.set'(deps, actor, input) {
    await setModeration(deps.db, input)
    const view = await readModeration(deps.db)
    const parts = [
      ...(input.mode ? [`mode "${input.mode}" (${moderationTexts.modes[input.mode]})`] : []),
      ...(input.words ? [`a word list of ${view.words.length}`] : []),
    ]
    await recordAudit(
      deps.db,
      actor,
      {
        action: 'moderation.set',
        target: { type: 'moderation', id: 'stage' },
        summary: `Set fans' messages to ${parts.join(' and ') || 'as they were'}`,
      },
      deps.clock.now(),
    )
    return view
  },

  async 'moderation.decide'(deps, actor, input) {
    const now = deps.clock.now()
    const { grant, ...decided } = await decideMessage(deps.db, input.id, input.decision, now)
    await recordAudit(
      deps.db,
      actor,
      {
        action: 'moderation.decide',
        target: { type: 'message', id: input.id },
        summary: `${decided.state === 'approved' ? 'Approved' : 'Rejected'} a fan's message (${giftSentence(giftOf(grant), { message: false })})`,
      },
      now,
    )
    return decided
  },
}
