// `npm start`: build the browser app and the server when missing or stale, then serve the site.
import { buildIfStale } from './build-if-stale'
import { builtServer, handOverTo } from './built-server'

buildIfStale()

// One process, so signals and memory figures are the server's own: the server as built, which
// starts without compiling TypeScript (docs/decisions/030-the-server-runs-built.md). SIGTERM and
// SIGINT are passed on and the server exits 0 from them itself.
handOverTo(builtServer)
