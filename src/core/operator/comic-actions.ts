import type { StageChange } from '../../shared/comics'
import { lineupView, setLineup, showOrRefuse } from '../comics/lineup'
import { onStageOf } from '../comics/on-stage'
import {
  addComic,
  type ComicChanges,
  comicOrRefuse,
  editComic,
  listComics,
  toComicView,
} from '../comics/roster'
import {
  type StageMove,
  stageNext,
  stageOff,
  stageOn,
  stageShow,
  stageView,
  takeOffStage,
} from '../comics/sets'
import type { ComicRow } from '../db/comic-tables'
import type { EventRow } from '../db/schema'
import { inTransaction } from '../db/transaction'
import { showAt } from '../schedule/events'
import { publishOnStage } from '../stage-stream/onstage-event'
import { recordAudit } from './audit'
import type { Handlers, OperatorDeps } from './operator-types'

type ComicActionName =
  | 'comics.list'
  | 'comics.show'
  | 'comics.add'
  | 'comics.edit'
  | 'comics.archive'
  | 'lineup.show'
  | 'lineup.set'
  | 'stage.show'
  | 'stage.on'
  | 'stage.next'
  | 'stage.off'

const comicTarget = (comic: ComicRow) => ({ type: 'comic', id: comic.id })

async function stageChanged(
  deps: OperatorDeps,
  actor: Parameters<typeof recordAudit>[1],
  show: EventRow,
  move: StageMove,
): Promise<StageChange> {
  const now = deps.clock.now()
  if (move.changed) {
    const summary = move.started
      ? `Put ${move.started.comic.name} on stage at ${show.name}`
      : `Called an intermission at ${show.name} (${move.ended?.comic.name ?? 'nobody'} off)`
    await recordAudit(
      deps.db,
      actor,
      { action: 'stage.change', target: { type: 'event', id: show.id }, summary },
      now,
    )
  }
  const stage = await stageView(deps.db, show)
  await publishOnStage(deps.db, now, show.id, onStageOf(stage.onStage))
  return { changed: move.changed, stage }
}

/**
 * An edit of a comic; one that leaves them archived also takes them off every stage they are
 * still on, in the same transaction (docs/comics.md, "The roster"), each stage change then
 * audited and told to the screens as any other.
 */
async function editOrArchive(
  deps: OperatorDeps,
  actor: Parameters<typeof recordAudit>[1],
  ref: string,
  changes: ComicChanges,
) {
  const now = deps.clock.now()
  const { comic, changed, moves } = await inTransaction(deps.db, async (trx) => {
    const edited = await editComic(trx, ref, changes, now)
    const moves = edited.comic.archived_at ? await takeOffStage(trx, edited.comic, now) : []
    return { ...edited, moves }
  })
  for (const { show, move } of moves) await stageChanged(deps, actor, show, move)
  return { comic, changed: changed || moves.length > 0, now }
}

/** The show named, or tonight's (on now, or next). */
async function namedOrTonight(deps: OperatorDeps, showId: string | undefined): Promise<EventRow> {
  return showId ? showOrRefuse(deps.db, showId) : showAt(deps.db, deps.clock.now())
}

/**
 * The roster, the lineups and the stage (docs/comics.md): every change is written to the audit
 * log, whichever tool made it.
 */
export const comicActions: Handlers<ComicActionName> = {
  async 'comics.list'(deps, _actor, input) {
    return (await listComics(deps.db, { all: input.all })).map(toComicView)
  },

  async 'comics.show'(deps, _actor, input) {
    return toComicView(await comicOrRefuse(deps.db, input.comic))
  },

  async 'comics.add'(deps, actor, input) {
    const now = deps.clock.now()
    const comic = await addComic(deps.db, input, now)
    await recordAudit(
      deps.db,
      actor,
      {
        action: 'comics.add',
        target: comicTarget(comic),
        summary: `Added ${comic.name} to the roster`,
      },
      now,
    )
    return { comic: toComicView(comic) }
  },

  async 'comics.edit'(deps, actor, input) {
    const { comic: ref, ...changes } = input
    const { comic, changed, now } = await editOrArchive(deps, actor, ref, changes)
    if (changed) {
      const fields = Object.keys(changes).join(', ')
      await recordAudit(
        deps.db,
        actor,
        {
          action: 'comics.edit',
          target: comicTarget(comic),
          summary: `Changed ${comic.name}: ${fields}`,
        },
        now,
      )
    }
    return { comic: toComicView(comic), changed }
  },

  async 'comics.archive'(deps, actor, input) {
    const { comic, changed, now } = await editOrArchive(deps, actor, input.comic, {
      archived: true,
    })
    if (changed) {
      await recordAudit(
        deps.db,
        actor,
        { action: 'comics.archive', target: comicTarget(comic), summary: `Archived ${comic.name}` },
        now,
      )
    }
    return { comic: toComicView(comic), changed }
  },

  async 'lineup.show'(deps, _actor, input) {
    return lineupView(deps.db, await namedOrTonight(deps, input.show))
  },

  async 'lineup.set'(deps, actor, input) {
    const now = deps.clock.now()
    const showId = input.show ?? (await showAt(deps.db, now)).id
    const { show, changed } = await setLineup(deps.db, showId, input.places, now)
    const lineup = await lineupView(deps.db, show)
    // A comic whose role or set length changed has a mail waiting.
    if (changed) deps.kickMail?.()
    if (changed) {
      const names = lineup.entries.map((entry) => entry.comic.name).join(', ') || 'nobody'
      await recordAudit(
        deps.db,
        actor,
        {
          action: 'lineup.set',
          target: { type: 'event', id: show.id },
          summary: `Set the lineup of ${show.name}: ${names}`,
        },
        now,
      )
    }
    return { lineup, changed }
  },

  async 'stage.show'(deps, _actor, input) {
    return stageView(deps.db, await namedOrTonight(deps, input.show))
  },

  async 'stage.on'(deps, actor, input) {
    const now = deps.clock.now()
    const show = await stageShow(deps.db, now, input.show)
    return stageChanged(deps, actor, show, await stageOn(deps.db, show, input.comic, now))
  },

  async 'stage.next'(deps, actor, input) {
    const now = deps.clock.now()
    const show = await stageShow(deps.db, now, input.show)
    return stageChanged(deps, actor, show, await stageNext(deps.db, show, now))
  },

  async 'stage.off'(deps, actor, input) {
    const now = deps.clock.now()
    const show = await stageShow(deps.db, now, input.show)
    return stageChanged(deps, actor, show, await stageOff(deps.db, show, now))
  },
}
