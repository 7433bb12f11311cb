import { boardSize, type StagePanelView, stagePanelTexts } from '../../shared/board'
import { type BoardNode, boardFonts, box, colour, drawable, inner, oneLine } from './board-nodes'
import { giftList, goalBlock, header, totalAndGifts } from './board-renderer-layout'

/**
 * The stage's panel as data, in the board's look (board-renderer-layout.ts): the comic's name
 * as large as it fits, the show under it, then the set's boosts and its last gifts. Read from a
 * few metres away on a wrist panel or a teleprompter.
 */

function nameSize(name: string): number {
  if (name.length <= 18) return 110
  return name.length <= 30 ? 80 : 56
}

export function stagePanelLayout(view: StagePanelView): BoardNode {
  const on = view.badge !== ''
  const name = box(
    {
      fontFamily: boardFonts.display,
      fontSize: nameSize(view.name),
      lineHeight: 1.05,
      color: on ? colour.text : colour.muted,
      marginTop: 10,
      width: inner,
      ...oneLine,
    },
    drawable(view.name),
  )
  const show = box(
    { fontFamily: boardFonts.body, fontSize: 24, color: colour.muted, width: inner, ...oneLine },
    drawable(view.show),
  )
  const body = on
    ? [
        totalAndGifts(
          { figure: view.total, word: stagePanelTexts.setBoosts, size: 130, goal: view.goal },
          giftList(stagePanelTexts.lastGifts, view.gifts.slice(0, 4), stagePanelTexts.noGifts),
        ),
      ]
    : []
  return box(
    {
      width: boardSize.width,
      height: boardSize.height,
      flexDirection: 'column',
      padding: '30px 44px',
      background: colour.bg,
      color: colour.text,
    },
    [
      header(view.badge, on),
      name,
      show,
      ...body,
      // Between sets the panel still shows how far the night's goal is.
      ...(!on && view.goal ? [goalBlock(view.goal, inner)] : []),
    ],
  )
}

/** Raise when the panel's look changes: it is part of the ETag, so clients fetch it again. */
export const stagePanelLook = 2
