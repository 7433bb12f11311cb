/**
 * The entry script, tiny on purpose: it imports nothing up front. A pre-rendered page (/ and
 * /store) is readable without JavaScript, so it paints from the HTML first, and only then are
 * React, the router and the page's chunks fetched to hydrate it (main.tsx). On a slow phone the
 * page appears as soon as its HTML is in, not after ~100 KB of scripts have downloaded and run;
 * Lighthouse's mobile simulation counts every module script that arrived before the first paint
 * as holding that paint back.
 *
 * The page's chunks are listed in #root's data-modules by scripts/prerender.ts; they are
 * preloaded here, alongside main.tsx, rather than from the <head>.
 */

// The entry imports the base styles, so the tokens and the base come first in the stylesheet,
// before every component's own (cssCodeSplit is off: one stylesheet for the whole site).
import '../styles/global.css'

/** At the latest, hydrate after this long: a page opened in a background tab does not paint. */
const paintWaitMs = 2000

function hydrateApp(): void {
  const root = document.getElementById('root')
  for (const href of root?.dataset.modules?.split(' ') ?? []) {
    if (!href) continue
    const link = document.createElement('link')
    link.rel = 'modulepreload'
    link.crossOrigin = ''
    link.href = href
    document.head.append(link)
  }
  void import('./main')
}

/** Calls `then` once, after the first contentful paint is on screen (or after paintWaitMs). */
function afterFirstPaint(then: () => void): void {
  let done = false
  const once = () => {
    if (done) return
    done = true
    then()
  }
  if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return
      observer.disconnect()
      once()
    })
    observer.observe({ type: 'paint', buffered: true })
  } else {
    // No Paint Timing: the task after the next frame comes after that frame's paint.
    requestAnimationFrame(() => setTimeout(once, 0))
  }
  setTimeout(once, paintWaitMs)
}

// Elements, not nodes: the dev server's index.html holds only the pre-render marker (a comment),
// which paints nothing, so waiting for a paint would hold the page back by paintWaitMs.
if (document.getElementById('root')?.firstElementChild) afterFirstPaint(hydrateApp)
else hydrateApp()
