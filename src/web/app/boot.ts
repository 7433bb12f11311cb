/**
 * The entry module, tiny on purpose. On a pre-rendered page (/ and /store) it is started by the
 * page's inline start script (src/shared/start-script.ts) once the page has painted and loaded,
 * with the page's chunks already preloading; on the pages the browser renders (the shell) it is
 * the HTML's own module script. Either way it fetches React, the router and the page at once.
 */

// The entry imports the base styles, so the tokens and the base come first in the stylesheet,
// before every component's own (cssCodeSplit is off: one stylesheet for the whole site).
import '../styles/global.css'

void import('./entry-client')
