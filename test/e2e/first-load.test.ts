import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'
import {
  pageScripts,
  readManifest,
  scriptBudgetBytes,
  scriptBytes,
} from '../../scripts/page-scripts'
import { distPaths } from '../../src/shared/page-rendering'
import { type PageInfo, pageKeys, pages } from '../../src/shared/pages'

// Bytes are stable where timings are not: the JavaScript a first visit downloads, gzipped, is
// held to the budget on every page (the build of `npm test` made dist/).
const clientDir = path.resolve(distPaths.client)
const manifest = readManifest(path.resolve(distPaths.clientManifest))

for (const key of pageKeys) {
  const page: PageInfo = pages[key]
  test(`${page.path === '*' ? 'the not-found page' : page.path} loads at most ${scriptBudgetBytes / 1024} KB of JavaScript first`, () => {
    const html = fs.readFileSync(path.join(clientDir, page.file ?? 'shell.html'), 'utf8')
    // Pre-rendered pages list their chunks in #root's data-modules; the others load theirs.
    const listed = /data-modules="([^"]*)"/.exec(html)?.[1]
    const scripts = listed ? listed.split(' ').filter(Boolean) : pageScripts(manifest, page.module)
    const bytes = scriptBytes(clientDir, html, manifest, scripts)
    console.log(`first load of ${page.path}: ${(bytes / 1024).toFixed(1)} KB gzipped`)
    expect(bytes).toBeGreaterThan(50 * 1024)
    expect(bytes).toBeLessThanOrEqual(scriptBudgetBytes)
  })
}
