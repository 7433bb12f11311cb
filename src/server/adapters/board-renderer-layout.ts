import { type BoardGoal, type BoardView, boardSize, boardTexts } from '../../shared/board'
import { supportersTexts } from '../../shared/supporters'
import { type BoardNode, boardFonts, box, colour, drawable, inner, oneLine } from './board-nodes'

const totalWidth = 340
const giftsWidth = inner - totalWidth - 32

/** The show's name as large as its length allows, smaller when a line of who is on goes under it. */
function titleSize(title: string, crowded: boolean): number {
  if (title.length <= 22) return crowded ? 68 : 84
  return title.length <= 36 ? (crowded ? 56 : 68) : 50
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
      fontSize: titleSize(view.title, Boolean(view.onStage)),
      lineHeight: 1.1,
      color: view.state === 'ended' ? colour.muted : colour.text,
      marginTop: 6,
      width: inner,
      ...oneLine,
    },
    drawable(view.title),
  )
}

/**
 * A gift's row: 40 px from the top of one to the top of the next (24 of text, 4 + 4 of padding,
 * 2 of border, 6 between), so the heading and five rows take 236 px and fit under a show's name
 * and who is on stage (board-renderer.test.ts measures every row inside the picture).
 */
export const giftRow = { fontSize: 20, lineHeight: 1.2, padding: 4, gap: 6 } as const

/** A heading, then one line per gift (or `empty` when there is none yet). */
export function giftList(heading: string, gifts: string[], empty: string): BoardNode {
  const line = (text: string) =>
    box(
      {
        fontFamily: boardFonts.body,
        fontSize: giftRow.fontSize,
        lineHeight: giftRow.lineHeight,
        color: colour.text,
        background: colour.surface,
        border: `1px solid ${colour.border}`,
        borderRadius: 8,
        padding: `${giftRow.padding}px 14px`,
        marginTop: giftRow.gap,
        width: giftsWidth,
        ...oneLine,
      },
      drawable(text),
    )
  const title = box(
    {
      fontFamily: boardFonts.display,
      fontSize: 30,
      lineHeight: 1.2,
      letterSpacing: 2,
      color: colour.muted,
    },
    heading.toUpperCase(),
  )
  const lines = gifts.length
    ? gifts.map(line)
    : [box({ fontFamily: boardFonts.body, fontSize: 22, color: colour.muted }, empty)]
  return box({ flexDirection: 'column', width: giftsWidth }, [title, ...lines])
}

/**
 * The night's goal under the total: "GOAL 312 / 500", a bar of the way there, and what happens
 * (two lines at most, cut between words).
 */
export function goalBlock(goal: BoardGoal, width: number): BoardNode {
  const filled = Math.round(goal.share * width)
  return box({ flexDirection: 'column', width, marginTop: 6 }, [
    box(
      {
        fontFamily: boardFonts.display,
        fontSize: 28,
        lineHeight: 1.1,
        letterSpacing: 2,
        color: colour.neon,
      },
      drawable(goal.count).toUpperCase(),
    ),
    box({ width, height: 10, borderRadius: 5, background: colour.surface, marginTop: 4 }, [
      box({ width: Math.max(filled, 0), height: 10, borderRadius: 5, background: colour.neon }),
    ]),
    box(
      {
        fontFamily: boardFonts.body,
        fontSize: 17,
        lineHeight: 1.25,
        color: colour.text,
        marginTop: 4,
        maxHeight: 44,
        overflow: 'hidden',
        width,
      },
      drawable(goal.reward),
    ),
  ])
}

/** The big number on the left (in `size` points) over its word (and `under` it), then the gifts. */
export function totalAndGifts(
  total: { figure: string; word: string; size: number; goal?: BoardGoal | null },
  gifts: BoardNode,
  under?: BoardNode,
): BoardNode {
  const block = box({ flexDirection: 'column', width: totalWidth, marginRight: 32 }, [
    box(
      {
        fontFamily: boardFonts.display,
        fontSize: total.goal ? Math.round(total.size * 0.72) : total.size,
        lineHeight: 1,
        color: colour.accent,
      },
      total.figure,
    ),
    box(
      {
        fontFamily: boardFonts.display,
        fontSize: total.goal ? 32 : 40,
        lineHeight: 1.1,
        letterSpacing: 3,
        color: colour.muted,
      },
      total.word.toUpperCase(),
    ),
    ...(total.goal ? [goalBlock(total.goal, totalWidth)] : []),
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
      lineHeight: 1.1,
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
  return totalAndGifts(
    { figure: view.total, word: boardTexts.boosts, size, goal: view.goal },
    gifts,
    under,
  )
}

/**
 * Between shows: when the next one is, in words ("Sunday 4 PM Central", then "November 29"), and
 * who is on its bill, wrapped between names' words (or that it is still to be announced).
 */
function upcomingBody(view: BoardView): BoardNode {
  const text = (style: BoardNode['props']['style'], words: string) =>
    box({ width: inner, ...style }, drawable(words))
  return box({ flexDirection: 'column', width: inner, marginTop: 4 }, [
    text(
      { fontFamily: boardFonts.display, fontSize: 64, lineHeight: 1.05, color: colour.accent },
      view.when.toUpperCase(),
    ),
    text(
      { fontFamily: boardFonts.body, fontSize: 26, lineHeight: 1.3, color: colour.muted },
      view.day,
    ),
    text(
      {
        fontFamily: boardFonts.display,
        fontSize: 30,
        lineHeight: 1.2,
        letterSpacing: 2,
        color: colour.muted,
        marginTop: 18,
      },
      boardTexts.lineup.toUpperCase(),
    ),
    text(
      { fontFamily: boardFonts.body, fontSize: 26, lineHeight: 1.25, color: colour.text },
      view.lineup || boardTexts.noLineup,
    ),
  ])
}

function body(view: BoardView): BoardNode {
  if (view.state === 'live') return liveBody(view)
  if (view.state === 'upcoming') return upcomingBody(view)
  return box({})
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
export const boardLook = 3
