import { PNG } from 'pngjs'
import { beforeAll, expect, test } from 'vitest'
import { type BoardView, boardSize, boardTexts, boardView } from '../../shared/board'
import type { LiveFeed } from '../../shared/live-api'
import { colour } from './board-nodes'
import { type BoardRenderer, createBoardRenderer } from './board-renderer'

/*
 * The board as drawn: the PNG decoded and its layout read from the pixels, not from the words
 * the view holds. A gift's row is a box filled with the surface colour; scanning one column
 * down the gifts' side finds each row as a run of that colour.
 */

let renderer: BoardRenderer
beforeAll(() => {
  renderer = createBoardRenderer()
})

const rgb = (hex: string) => [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16))

/** Runs of `hex` down the column at `x`: where each starts and how tall it is. */
function runsOf(png: PNG, x: number, hex: string): { top: number; height: number }[] {
  const [r, g, b] = rgb(hex)
  const runs: { top: number; height: number }[] = []
  let start = -1
  for (let y = 0; y <= png.height; y++) {
    const at = (y * png.width + x) * 4
    const match =
      y < png.height &&
      Math.abs((png.data[at] ?? 0) - (r ?? 0)) <= 2 &&
      Math.abs((png.data[at + 1] ?? 0) - (g ?? 0)) <= 2 &&
      Math.abs((png.data[at + 2] ?? 0) - (b ?? 0)) <= 2
    if (match && start < 0) start = y
    if (!match && start >= 0) {
      runs.push({ top: start, height: y - start })
      start = -1
    }
  }
  return runs
}

/** Rows of the picture, from `from` down, holding anything but the background. */
function inkedRows(png: PNG, from: number): number {
  const [r, g, b] = rgb(colour.bg)
  let rows = 0
  for (let y = from; y < png.height; y++) {
    for (let x = 0; x < png.width; x++) {
      const at = (y * png.width + x) * 4
      if (png.data[at] !== r || png.data[at + 1] !== g || png.data[at + 2] !== b) {
        rows++
        break
      }
    }
  }
  return rows
}

const liveFeed: LiveFeed = {
  state: 'live',
  showId: 'evt_1',
  // The longest name that keeps the largest size, with someone on stage under it.
  show: 'Sunday Stand-Up Nights',
  startsAt: '2026-11-22T22:00:00.000Z',
  totalBoosts: 1234,
  gifts: Array.from({ length: 5 }, (_, n) => ({
    product: 'ffr-50',
    productName: 'FFR 50',
    boosts: 25,
    anonymous: false,
    name: '',
    from: 'a fan',
    message: '',
    at: `2026-11-22T22:3${n}:00.000Z`,
    comic: 'Maximiliana Featherstonehaugh-C…',
    text: `A fan gave 25 boosts to Maximiliana Featherstonehaugh-C… (FFR 50) #${n + 1}`,
  })),
  onStage: {
    id: 'c1',
    slug: 'rosa',
    name: 'Rosa Delgado',
    vrchatName: '',
    pictureUrl: null,
    startedAt: '2026-11-22T22:10:00.000Z',
  },
  lineup: [],
  goal: null,
}

test('during a show every gift row is whole inside the picture: five rows of one height, the last above the bottom margin', async () => {
  for (const feed of [liveFeed, { ...liveFeed, onStage: null }]) {
    const png = PNG.sync.read(await renderer.render(boardView(feed)))
    expect([png.width, png.height]).toEqual([boardSize.width, boardSize.height])
    // A column through the rows' left padding, where no letter is drawn.
    const rows = runsOf(png, 424, colour.surface)
    expect(rows, JSON.stringify(rows)).toHaveLength(5)
    const heights = new Set(rows.map((row) => row.height))
    expect(heights.size, JSON.stringify(rows)).toBe(1)
    const last = rows.at(-1)
    expect((last?.top ?? 0) + (last?.height ?? 0)).toBeLessThanOrEqual(boardSize.height - 30)
  }
})

test('a gift row says its boosts once: no "(5 Boosts)" after "gave 5 boosts"', () => {
  const view = boardView({
    ...liveFeed,
    gifts: [
      {
        ...(liveFeed.gifts[0] as LiveFeed['gifts'][number]),
        product: 'boosts-5',
        productName: '5 Boosts',
        text: 'A fan gave 5 boosts to Rosa Delgado',
      },
    ],
  })
  for (const line of view.gifts) expect(line.match(/boosts/gi)?.length ?? 0).toBe(1)
})

test('between shows the board says when the next show is in words and who is on its bill, filling its lower half', async () => {
  const upcoming: LiveFeed = {
    ...liveFeed,
    state: 'upcoming',
    show: 'Sunday Stand-Up',
    totalBoosts: 0,
    gifts: [],
    onStage: null,
    lineup: ['Sam Stone', 'Lee Park', 'Rosa Delgado'],
  }
  const view: BoardView = boardView(upcoming)
  expect(view).toMatchObject({
    badge: boardTexts.next,
    when: 'Sunday 4 PM Central',
    day: 'November 22',
    lineup: 'Sam Stone, Lee Park and Rosa Delgado',
  })
  expect(JSON.stringify(view)).not.toMatch(/\d{4}-\d{2}-\d{2}|CT\b/)
  const png = PNG.sync.read(await renderer.render(view))
  // The lower half is not left empty: the time, the day and the lineup reach into it.
  const lowerHalf = inkedRows(png, boardSize.height / 2)
  expect(lowerHalf).toBeGreaterThan(60)
  // Without a lineup yet it says so rather than leaving the space blank.
  const unannounced = boardView({ ...upcoming, lineup: [] })
  expect(unannounced.lineup).toBe('')
  const bare = PNG.sync.read(await renderer.render(unannounced))
  expect(inkedRows(bare, boardSize.height / 2)).toBeGreaterThan(40)
  // The lineup's words are drawn: the picture differs from the one without.
  expect(bare.data.equals(png.data)).toBe(false)
})

test("the night's goal shows under the total, its bar inside the picture, and the five rows stay whole", async () => {
  const goal = { boosts: 500, reward: 'the headliner does crowd work', level: 1, reached: false }
  const view = boardView({ ...liveFeed, totalBoosts: 312, goal })
  expect(view.goal).toEqual({ count: 'Goal 312 / 500', share: 0.62, reward: goal.reward })
  const png = PNG.sync.read(await renderer.render(view))
  expect(runsOf(png, 424, colour.surface)).toHaveLength(5)
  // The bar's filled part: a run of the neon colour 10 px tall, left of the gifts.
  const bar = runsOf(png, 60, colour.neon).filter((run) => run.height === 10)
  expect(bar, JSON.stringify(runsOf(png, 60, colour.neon))).toHaveLength(1)
  expect((bar[0]?.top ?? 0) + 10).toBeLessThanOrEqual(boardSize.height - 30)
  // Filled as far as the room got: at 62% of the 340 px bar, not beyond.
  expect(runsOf(png, 44 + 200, colour.neon).some((run) => run.height === 10)).toBe(true)
  expect(runsOf(png, 44 + 230, colour.neon).some((run) => run.height === 10)).toBe(false)
  // Reached: "Goal reached!" and a full bar.
  const reached = boardView({ ...liveFeed, totalBoosts: 530, goal: { ...goal, reached: true } })
  expect(reached.goal).toMatchObject({ count: 'Goal reached!', share: 1 })
})
