import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { StaticRouter } from 'react-router'
import { App } from './app'

/**
 * The app's HTML for one URL, for pre-rendering at build time. It must match what main.tsx
 * renders on the first client pass, or hydration falls back to a full client render.
 */
export function render(url: string): string {
  return renderToString(
    <StrictMode>
      <StaticRouter location={url}>
        <App />
      </StaticRouter>
    </StrictMode>,
  )
}
