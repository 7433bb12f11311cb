// A built client's templates for the server tests of pages rendered per request.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll } from 'vitest'
import { distPaths, renderMarkers } from '../../src/shared/page-rendering'
import { type PageInfo, pageKeys, pages } from '../../src/shared/pages'

/**
 * A built client as scripts/prerender.ts leaves it, for the server tests of a page rendered per
 * request: each such page's template with the markers the server fills (its head too when it is
 * at many addresses), its pre-rendered HTML ("built <page>", sent when rendering fails) and the
 * shell. Removed after the file's tests. Pass `clientDir` with the app's `render` as renderPage.
 */
export function builtClient(): { clientDir: string } {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'punchline-built-'))
  const clientDir = path.join(dist, 'client')
  const templates = path.join(dist, path.basename(distPaths.templates))
  fs.mkdirSync(clientDir)
  fs.mkdirSync(templates)
  for (const key of pageKeys) {
    const info: PageInfo = pages[key]
    if (info.rendering !== 'request' || !info.file) continue
    const head = info.path.includes(':') ? renderMarkers.head : `<title>${info.title}</title>`
    const root = `<div id="root" data-route="${info.path}">${renderMarkers.app}</div>`
    fs.writeFileSync(
      path.join(templates, info.file),
      `<html><head>${head}</head><body>${root}${renderMarkers.data}</body></html>`,
    )
    fs.writeFileSync(path.join(clientDir, info.file), `<html><body>built ${key}</body></html>`)
  }
  fs.writeFileSync(
    path.join(clientDir, 'shell.html'),
    '<html><head><title>the shell</title></head><body><div id="root"></div></body></html>',
  )
  afterAll(() => fs.rmSync(dist, { recursive: true, force: true }))
  return { clientDir }
}
