import { StrictMode } from 'react'
import { prerender } from 'react-dom/static'
import { StaticRouter } from 'react-router'
import { App } from './app'

/**
 * The app's HTML for one URL, for pre-rendering at build time. It must match what main.tsx
 * renders on the first client pass, or hydration falls back to a full client render.
 * `prerender` (unlike renderToString) waits for the lazily loaded page, so the HTML holds the
 * whole page rather than the <Suspense> fallback.
 */
export async function render(url: string): Promise<string> {
  const { prelude } = await prerender(
    <StrictMode>
      <StaticRouter location={url}>
        <App />
      </StaticRouter>
    </StrictMode>,
  )
  return new Response(prelude).text()
}
