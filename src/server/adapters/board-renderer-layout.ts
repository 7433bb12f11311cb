import { token } from '../../core/mail/design-tokens'
import { type BoardView, boardSize, boardTexts } from '../../shared/board'
import { supportersTexts } from '../../shared/supporters'

/**
 * The board's picture as data: a tree of boxes with flexbox styles that satori lays out (the
 * shape of a React element, without React on the server). The site's look: the club's dark
 * walls, the warm amber spotlight for the total, the neon sign for "Live now".
 */
export interface BoardNode {
  type: 'div'
  props: { style: Record<string, string | number>; children?: string | BoardNode[] }
}

export const colour = {
  bg: token('--color-bg'),
  surface: token('--color-surface'),
  border: token('--color-border'),
  text: token('--color-text'),
  muted: token('--color-muted'),
  accent: token('--color-accent'),
  neon: token('--color-neon'),
  ink: token('--color-accent-ink'),
}

/** The two faces shipped with the project (adapters/board-renderer.ts loads them). */
export const boardFonts = { display: 'Bebas Neue', body: 'Inter' } as const

export function box(
  style: BoardNode['props']['style'],
  children?: string | BoardNode[],
): BoardNode {
  const props = { style: { display: 'flex', ...style } }
  return { type: 'div', props: children === undefined ? props : { ...props, children } }
}

/** The width inside the board's padding: every row is given it, so no long line can widen one. */
export const inner = boardSize.width - 2 * 44
const totalWidth = 340
const giftsWidth = inner - totalWidth - 32

/**
 * Letters the shipped faces have (Latin, Latin Extended, punctuation); others, an emoji in a
 * member's chosen name, would be drawn as empty boxes, so they are left out.
 */
export function drawable(text: string): string {
  return text
    .replace(/[^\u0020-\u024f\u1e00-\u1eff\u2010-\u2027\u2030-\u205e\u20ac]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
}

/** One line, cut with an ellipsis when it is too long for its box. */
export const oneLine = { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }

function titleSize(title: string): number {
  if (title.length <= 22) return 84
  return title.length <= 36 ? 68 : 50
}

/** The brand on the left, a badge (lit: the neon sign) on the right. */
export function header(text: string, live: boolean): BoardNode {
  const badge = text
    ? box(
        {
          fontFamily: boardFonts.display,
          fontSize: 30,
          letterSpacing: 2,
          padding: '4px 18px 0',
          borderRadius: 999,
          color: live ? colour.ink : colour.accent,
          background: live ? colour.neon : 'transparent',
          border: `2px solid ${live ? colour.neon : colour.accent}`,
        },
        text.toUpperCase(),
      )
    : box({})
  const brand = box(
    { fontFamily: boardFonts.display, fontSize: 34, letterSpacing: 3, color: colour.accent },
    boardTexts.brand.toUpperCase(),
  )
  return box({ justifyContent: 'space-between', alignItems: 'center', width: inner, height: 44 }, [
    brand,
    badge,
  ])
}

function title(view: BoardView): BoardNode {
  return box(
    {
      fontFamily: boardFonts.display,
      fontSize: titleSize(view.title),
      color: view.state === 'ended' ? colour.muted : colour.text,
      marginTop: 6,
      width: inner,
      ...oneLine,
    },
    drawable(view.title),
  )
}

/** A heading, then one line per gift (or `empty` when there is none yet). */
export function giftList(heading: string, gifts: string[], empty: string): BoardNode {
  const line = (text: string) =>
    box(
      {
        fontFamily: boardFonts.body,
        fontSize: 22,
        color: colour.text,
        background: colour.surface,
        border: `1px solid ${colour.border}`,
        borderRadius: 8,
        padding: '5px 14px',
        marginTop: 8,
        width: giftsWidth,
        ...oneLine,
      },
      drawable(text),
    )
  const title = box(
    { fontFamily: boardFonts.display, fontSize: 30, letterSpacing: 2, color: colour.muted },
    heading.toUpperCase(),
  )
  const lines = gifts.length
    ? gifts.map(line)
    : [box({ fontFamily: boardFonts.body, fontSize: 22, color: colour.muted }, empty)]
  return box({ flexDirection: 'column', width: giftsWidth }, [title, ...lines])
}

/** The big number on the left (in `size` points) over its word (and `under` it), then the gifts. */
export function totalAndGifts(
  total: { figure: string; word: string; size: number },
  gifts: BoardNode,
  under?: BoardNode,
): BoardNode {
  const block = box({ flexDirection: 'column', width: totalWidth, marginRight: 32 }, [
    box(
      { fontFamily: boardFonts.display, fontSize: total.size, lineHeight: 1, color: colour.accent },
      total.figure,
    ),
    box(
      { fontFamily: boardFonts.display, fontSize: 40, letterSpacing: 3, color: colour.muted },
      total.word.toUpperCase(),
    ),
    ...(under ? [under] : []),
  ])
  return box({ width: inner, flexGrow: 1, marginTop: 8 }, [block, gifts])
}

/** "On stage: Sam" under the show's name, in the neon sign's colour. */
function onStageLine(text: string): BoardNode {
  return box(
    {
      fontFamily: boardFonts.display,
      fontSize: 40,
      letterSpacing: 2,
      color: colour.neon,
      width: inner,
      ...oneLine,
    },
    drawable(text).toUpperCase(),
  )
}

/**
 * The night's top supporters under the total (docs/stage.md, "Top supporters"): a small heading
 * and one line per name ("1. Sam 35"), drawn as text like every line of the board.
 */
function supportersBlock(lines: string[]): BoardNode {
  const heading = box(
    { fontFamily: boardFonts.display, fontSize: 26, letterSpacing: 2, color: colour.muted },
    supportersTexts.heading.toUpperCase(),
  )
  const line = (text: string) =>
    box(
      {
        fontFamily: boardFonts.body,
        fontSize: 22,
        color: colour.text,
        width: totalWidth,
        ...oneLine,
      },
      drawable(text),
    )
  return box({ flexDirection: 'column', width: totalWidth, marginTop: 6 }, [
    heading,
    ...lines.map(line),
  ])
}

function liveBody(view: BoardView): BoardNode {
  const gifts = giftList(boardTexts.lastGifts, view.gifts, boardTexts.noGifts)
  // Room for the line of who is on stage, and for the top supporters: the total smaller.
  const supporters = view.supporters?.length ? view.supporters : undefined
  const size = (view.onStage ? 118 : 150) - (supporters ? 50 : 0)
  const under = supporters ? supportersBlock(supporters) : undefined
  return totalAndGifts({ figure: view.total, word: boardTexts.boosts, size }, gifts, under)
}

function body(view: BoardView): BoardNode {
  if (view.state === 'live') return liveBody(view)
  return box(
    {
      fontFamily: boardFonts.display,
      fontSize: 80,
      color: colour.accent,
      marginTop: 8,
      width: inner,
    },
    view.when,
  )
}

/** The whole board: 1024×512, the header, the show's name, then the total and gifts or the time. */
export function boardLayout(view: BoardView): BoardNode {
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
      header(view.badge, view.state === 'live'),
      title(view),
      ...(view.onStage ? [onStageLine(view.onStage)] : []),
      body(view),
    ],
  )
}

/** Raise when the picture's look changes: it is part of the ETag, so clients fetch it again. */
export const boardLook = 2
