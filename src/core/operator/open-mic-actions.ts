import {
  drawOpenMic,
  makeRunningOrderTheLineup,
  markSignup,
  moveSignup,
  reorderSignup,
} from '../open-mic/host-list'
import { openMicView, setOpenMic } from '../open-mic/open-mics'
import type { OpenMicContext } from '../open-mic/places'
import { type Actor, recordAudit } from './audit'
import type { Handlers, OperatorDeps } from './operator-types'

type OpenMicActionName =
  | 'openmic.show'
  | 'openmic.set'
  | 'openmic.draw'
  | 'openmic.reorder'
  | 'openmic.move'
  | 'openmic.check-in'
  | 'openmic.no-show'
  | 'openmic.use-lineup'

function contextOf(deps: OperatorDeps): OpenMicContext {
  return { publicUrl: deps.console?.publicUrl ?? '', now: deps.clock.now() }
}

async function audited(
  deps: OperatorDeps,
  actor: Actor,
  action: string,
  show: string,
  summary: string,
) {
  await recordAudit(
    deps.db,
    actor,
    { action, target: { type: 'event', id: show }, summary },
    deps.clock.now(),
  )
  deps.kickMail?.()
}

/** Open mics (docs/comics.md, "Open mics"): every change is written to the audit log. */
export const openMicActions: Handlers<OpenMicActionName> = {
  async 'openmic.show'(deps, _actor, input) {
    return openMicView(deps.db, input.show, deps.clock.now())
  },

  async 'openmic.set'(deps, actor, input) {
    const row = await setOpenMic(
      deps.db,
      input.show,
      {
        slots: input.slots,
        setMinutes: input.setMinutes,
        opensAt: new Date(input.opensAt),
        closesAt: new Date(input.closesAt),
        rule: input.rule,
        drawAt: input.drawAt ? new Date(input.drawAt) : undefined,
      },
      contextOf(deps),
    )
    await audited(
      deps,
      actor,
      'openmic.set',
      row.show_id,
      `Open mic: ${row.slots} slots of ${row.set_minutes} min, ${row.rule}${row.rule === 'lottery' && row.draw_seed_hash ? ` (seed's SHA-256 ${row.draw_seed_hash})` : ''}`,
    )
    return openMicView(deps.db, row.show_id, deps.clock.now())
  },

  async 'openmic.draw'(deps, actor, input) {
    await drawOpenMic(deps.db, input.show, contextOf(deps))
    const view = await openMicView(deps.db, input.show, deps.clock.now())
    await audited(
      deps,
      actor,
      'openmic.draw',
      input.show,
      `Drew the open mic (seed ${view.openMic.draw?.seed ?? ''})`,
    )
    return view
  },

  async 'openmic.reorder'(deps, actor, input) {
    if (await reorderSignup(deps.db, input.show, input.signup, input.position, contextOf(deps))) {
      await audited(
        deps,
        actor,
        'openmic.reorder',
        input.show,
        `Moved sign-up ${input.signup} to place ${input.position}`,
      )
    }
    return openMicView(deps.db, input.show, deps.clock.now())
  },

  async 'openmic.move'(deps, actor, input) {
    if (await moveSignup(deps.db, input.show, input.signup, input.to, contextOf(deps))) {
      const where = input.to === 'slot' ? 'the list' : 'the waitlist'
      await audited(
        deps,
        actor,
        'openmic.move',
        input.show,
        `Moved sign-up ${input.signup} to ${where}`,
      )
    }
    return openMicView(deps.db, input.show, deps.clock.now())
  },

  async 'openmic.check-in'(deps, actor, input) {
    const now = deps.clock.now()
    const result = await markSignup(
      deps.db,
      input.show,
      input.signup,
      'checked_in_at',
      !input.undo,
      now,
    )
    if (result.changed) {
      const summary = input.undo ? `Undid ${result.name}'s check-in` : `Checked ${result.name} in`
      await audited(deps, actor, 'openmic.check-in', input.show, summary)
    }
    return openMicView(deps.db, input.show, now)
  },

  async 'openmic.no-show'(deps, actor, input) {
    const now = deps.clock.now()
    const result = await markSignup(
      deps.db,
      input.show,
      input.signup,
      'no_show_at',
      !input.undo,
      now,
    )
    if (result.changed) {
      const summary = input.undo
        ? `${result.name} is not a no-show`
        : `Marked ${result.name} a no-show`
      await audited(deps, actor, 'openmic.no-show', input.show, summary)
    }
    return openMicView(deps.db, input.show, now)
  },

  async 'openmic.use-lineup'(deps, actor, input) {
    if (await makeRunningOrderTheLineup(deps.db, input.show, deps.clock.now())) {
      await audited(
        deps,
        actor,
        'openmic.use-lineup',
        input.show,
        'Made the running order the lineup',
      )
    }
    return openMicView(deps.db, input.show, deps.clock.now())
  },
}
