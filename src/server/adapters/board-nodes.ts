import { token } from '../../core/mail/design-tokens'
import { boardSize } from '../../shared/board'

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
