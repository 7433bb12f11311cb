import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import type { BoardView, StagePanelView } from '../../shared/board'
import { boardSize } from '../../shared/board'
import { type BoardNode, boardFonts } from './board-nodes'
import { boardLayout } from './board-renderer-layout'
import { type ShowCardView, showCardLayout } from './show-card-layout'
import { stagePanelLayout } from './stage-panel-layout'

/** Draws the board and the stage's panel: the view in, PNG bytes out. */
export interface BoardRenderer {
  render(view: BoardView): Promise<Buffer>
  renderStage(view: StagePanelView): Promise<Buffer>
  /** A show's card, its link preview (/shows/<id>/card.png). */
  renderShowCard(view: ShowCardView): Promise<Buffer>
}

/** Draws a layout (board-renderer-layout.ts's tree) to PNG bytes. */
type Draw = (layout: BoardNode) => Promise<Buffer>

const require = createRequire(import.meta.url)

/** The faces the board is set in: files of the @fontsource packages, never the machine's fonts. */
const fontFiles = [
  {
    name: boardFonts.display,
    weight: 400,
    file: '@fontsource/bebas-neue/files/bebas-neue-latin-400-normal.woff',
  },
  {
    name: boardFonts.body,
    weight: 400,
    file: '@fontsource/inter/files/inter-latin-400-normal.woff',
  },
  // Accented names (a member's chosen name) beyond Latin-1.
  {
    name: boardFonts.body,
    weight: 400,
    file: '@fontsource/inter/files/inter-latin-ext-400-normal.woff',
  },
] as const

async function loadRenderer(): Promise<Draw> {
  // Loaded on the first board only: a server nobody asks for the board never holds them.
  const [{ default: satori }, { Resvg }, fonts] = await Promise.all([
    import('satori'),
    import('@resvg/resvg-js'),
    Promise.all(
      fontFiles.map(async (font) => ({
        name: font.name,
        weight: font.weight,
        style: 'normal' as const,
        data: await readFile(require.resolve(font.file)),
      })),
    ),
  ])
  return async (layout) => {
    // satori takes React's element shape; the layouts build it as plain data.
    const element = layout as unknown as Parameters<typeof satori>[0]
    // Drawn at the size its root box says (the board's, or a show card's).
    const { width, height } = layout.props.style
    const size =
      typeof width === 'number' && typeof height === 'number' ? { width, height } : boardSize
    const svg = await satori(element, { ...size, fonts })
    const resvg = new Resvg(svg, {
      fitTo: { mode: 'original' },
      font: { loadSystemFonts: false },
    })
    return resvg.render().asPng()
  }
}

/**
 * The board's renderer: satori lays the board out and turns its text into paths (SVG), resvg
 * paints the SVG to PNG (docs/decisions/019-the-board-image.md). Both load on the first render.
 */
export function createBoardRenderer(): BoardRenderer {
  let loading: Promise<Draw> | undefined
  const draw = async (layout: BoardNode) => {
    loading ??= loadRenderer().catch((error: unknown) => {
      loading = undefined
      throw error
    })
    return (await loading)(layout)
  }
  return {
    render: (view) => draw(boardLayout(view)),
    renderStage: (view) => draw(stagePanelLayout(view)),
    renderShowCard: (view) => draw(showCardLayout(view)),
  }
}
