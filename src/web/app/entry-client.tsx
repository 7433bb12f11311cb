import { StrictMode, startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { readScheduleData, ScheduleDataContext } from '../components/schedule-context'
import { TransitionRouter } from '../components/transition-router'
import { routeFor } from './page-routes'
import { App } from './site-app'

const root = document.getElementById('root')
if (!root) throw new Error('missing #root')

// The schedule the server rendered the page with (a request-rendered /), for a matching first render.
const app = (
  <StrictMode>
    <ScheduleDataContext value={readScheduleData(document)}>
      <TransitionRouter>
        <App />
      </TransitionRouter>
    </ScheduleDataContext>
  </StrictMode>
)

// Pages pre-rendered at build time are hydrated; the rest render from scratch (the page's
// chunk loads while <Suspense> in site-app.tsx waits). data-route (set by scripts/prerender.ts)
// guards against hydrating one page's HTML served at another URL.
if (root.firstElementChild && root.dataset.route === window.location.pathname) {
  // The page's chunk first (the HTML preloads it), so hydration renders the page in one pass.
  // If it cannot load, the pre-rendered HTML stays: readable, and its links still work.
  // In a transition, hydration is done in slices that yield to the browser every few
  // milliseconds, so a tap or a scroll is never held up behind it (Total Blocking Time).
  routeFor(window.location.pathname)
    .load()
    .then(
      () => startTransition(() => void hydrateRoot(root, app)),
      (error: unknown) => console.error('This page could not load its script.', error),
    )
} else {
  createRoot(root).render(app)
}
