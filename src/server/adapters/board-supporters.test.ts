import { PNG } from 'pngjs'
import { expect, test } from 'vitest'
import { boardView } from '../../shared/board'
import type { LiveFeed } from '../../shared/live'
import { supportersTexts } from '../../shared/supporters'
import type { BoardNode } from './board-nodes'
import { createBoardRenderer } from './board-renderer'
import { boardLayout } from './board-renderer-layout'

const live: LiveFeed = {
  state: 'live',
  showId: 'regular-20261122T2200Z',
  show: 'Sunday Stand-Up',
  startsAt: '2026-11-22T22:00:00.000Z',
  totalBoosts: 1234,
  gifts: [],
  onStage: null,
  lineup: [],
  goal: null,
}
const supporters = [
  { name: 'Sam', boosts: 35 },
  { name: 'Ash', boosts: 25 },
  { name: 'Robin', boosts: 1200 },
]

/** Every text the layout draws, in order. */
function textsOf(node: BoardNode): string[] {
  const { children } = node.props
  if (typeof children === 'string') return [children]
  return (children ?? []).flatMap(textsOf)
}

/** The pixels under the total, where the list is drawn. */
function underTotal(png: PNG): Buffer {
  const rows: Buffer[] = []
  for (let y = 330; y < 480; y++) {
    rows.push(png.data.subarray((y * png.width + 44) * 4, (y * png.width + 384) * 4))
  }
  return Buffer.concat(rows)
}

test("the board draws the night's top supporters as text under the total, in their order; none, no heading", async () => {
  const view = boardView({ ...live, supporters })
  expect(view.supporters).toEqual(['1. Sam 35', '2. Ash 25', '3. Robin 1,200'])
  const texts = textsOf(boardLayout(view))
  const heading = texts.indexOf(supportersTexts.heading.toUpperCase())
  expect(heading).toBeGreaterThan(texts.indexOf('1,234'))
  expect(texts.slice(heading + 1, heading + 4)).toEqual(view.supporters)

  const without = boardView({ ...live, supporters: [] })
  expect(without.supporters).toBeUndefined()
  expect(textsOf(boardLayout(without))).not.toContain(supportersTexts.heading.toUpperCase())
  expect(textsOf(boardLayout(boardView(live)))).toEqual(textsOf(boardLayout(without)))

  const renderer = createBoardRenderer()
  const drawn = PNG.sync.read(await renderer.render(view))
  const plain = PNG.sync.read(await renderer.render(without))
  expect(underTotal(drawn).equals(underTotal(plain))).toBe(false)
})

test('a name the fonts cannot draw loses only those letters on the board', () => {
  const view = boardView({ ...live, supporters: [{ name: 'Sam 😀', boosts: 10 }] })
  const texts = textsOf(boardLayout(view))
  expect(texts).toContain('1. Sam 10')
})
