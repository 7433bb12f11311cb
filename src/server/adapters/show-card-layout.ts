import { showCardSize } from '../../shared/show-page-view'
import { type BoardNode, boardFonts, box, colour, drawable, oneLine } from './board-nodes'
import { header } from './board-renderer-layout'

/** What a show's card says: its name, its time in Central, its bill. */
export interface ShowCardView {
  name: string
  when: string
  /** "With Sam Stone, Lee Park", or empty before a lineup. */
  bill: string
}

const padding = 60
const inner = showCardSize.width - 2 * padding

function nameSize(name: string): number {
  if (name.length <= 20) return 150
  return name.length <= 34 ? 104 : 72
}

/**
 * A show's card (its link preview, 1200×630), in the board's look (board-renderer-layout.ts): the
 * brand, the show's name as large as it fits, its time in the warm amber, then its bill.
 */
export function showCardLayout(view: ShowCardView): BoardNode {
  const line = (fontSize: number, color: string, text: string, font: string = boardFonts.body) =>
    box({ fontFamily: font, fontSize, color, width: inner, ...oneLine }, drawable(text))
  return box(
    {
      width: showCardSize.width,
      height: showCardSize.height,
      flexDirection: 'column',
      padding: `${padding - 16}px ${padding}px`,
      background: colour.bg,
      color: colour.text,
    },
    [
      header('', false),
      box({ flexDirection: 'column', marginTop: 90, width: inner }, [
        line(nameSize(view.name), colour.text, view.name, boardFonts.display),
        line(52, colour.accent, view.when, boardFonts.display),
        line(34, colour.muted, view.bill),
      ]),
    ],
  )
}

/** Raise when the card's look changes: it is part of the ETag, so clients fetch it again. */
export const showCardLook = 1
