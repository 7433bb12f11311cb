import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'
import {
  consoleEntry,
  consolePageModules,
  consoleScripts,
  firstLoadScripts,
  gzippedBytes,
  pageScripts,
  readManifest,
  scriptBudgetBytes,
  scriptBytes,
  siteEntry,
  walkImports,
} from '../../scripts/page-scripts'
import { categories, productsIn } from '../../src/shared/catalogue'
import { consolePages } from '../../src/shared/console'
import { distPaths } from '../../src/shared/page-rendering'
import { type PageInfo, pageKeys, pages } from '../../src/shared/pages'

// Bytes are stable where timings are not: the JavaScript a first visit downloads, gzipped, is
// held to the budget on every page (the build of `npm test` made dist/).
const clientDir = path.resolve(distPaths.client)
const manifest = readManifest(path.resolve(distPaths.clientManifest))

/** The scripts a fans' page loads first, as its HTML and the manifest say. */
function fanPageScripts(page: PageInfo): { html: string; scripts: string[] } {
  const html = fs.readFileSync(path.join(clientDir, page.file ?? 'shell.html'), 'utf8')
  // Pre-rendered pages list their chunks in #root's data-modules; the others load theirs.
  const listed = /data-modules="([^"]*)"/.exec(html)?.[1]
  const scripts = listed ? listed.split(' ').filter(Boolean) : pageScripts(manifest, page.module)
  return { html, scripts }
}

/**
 * Words only the console's code holds: its API's paths and its titles (src/shared/console.ts).
 * Found in a script, they mean console code was bundled into it.
 */
const consoleMarkers = ['/admin/api/', 'Punchline VR console']
const read = (file: string) => fs.readFileSync(path.join(clientDir, file), 'utf8')
const consoleCodeIn = (files: readonly string[]) =>
  files.filter((file) => consoleMarkers.some((marker) => read(file).includes(marker)))

for (const key of pageKeys) {
  const page: PageInfo = pages[key]
  const name = page.path === '*' ? 'the not-found page' : page.path
  test(`${name} loads at most ${scriptBudgetBytes / 1024} KB of JavaScript first`, () => {
    const { html, scripts } = fanPageScripts(page)
    const bytes = scriptBytes(clientDir, html, manifest, scripts)
    console.log(`first load of ${page.path}: ${(bytes / 1024).toFixed(1)} KB gzipped`)
    expect(bytes).toBeGreaterThan(50 * 1024)
    expect(bytes).toBeLessThanOrEqual(scriptBudgetBytes)
  })

  test(`${name} loads no console code first`, () => {
    const { html, scripts } = fanPageScripts(page)
    const files = firstLoadScripts(html, manifest, scripts)
    expect(files.length).toBeGreaterThan(1)
    expect(html).not.toContain(consoleEntry)
    expect(consoleCodeIn(files)).toEqual([])
  })
}

test("the store's head preloads its first product's picture, as the catalogue has it; the landing page's none", () => {
  const preloads = (file: string) =>
    [
      ...(/<head>[\s\S]*<\/head>/.exec(read(file))?.[0] ?? '').matchAll(
        /<link rel="preload" as="image"[^>]* href="([^"]+)"/g,
      ),
    ].map((m) => m[1])
  expect(preloads('store.html')).toEqual([productsIn(categories[0])[0]?.image])
  expect(preloads('index.html')).toEqual([])
})

test("no chunk the fans' site may ever load (its pages included) holds console code", () => {
  const keys = new Set<string>()
  walkImports(manifest, siteEntry, keys, true)
  expect(
    [...keys].filter((key) => key.startsWith('src/web/console/') || key === consoleEntry),
  ).toEqual([])
  expect(consoleCodeIn([...keys].map((key) => manifest.get(key)?.file ?? ''))).toEqual([])
})

test('every console page loads at most the same budget first, sharing React with the site', () => {
  const modules = consolePageModules(manifest)
  expect(modules).toContain('src/web/console/pages/tonight-page.tsx')
  expect(modules).toContain('src/web/console/pages/sign-in-page.tsx')
  expect(modules).toContain('src/web/console/pages/members-page.tsx')
  // One chunk per page of src/shared/console.ts, so each is measured here.
  expect(modules).toHaveLength(Object.keys(consolePages).length)
  const fans = new Set<string>()
  walkImports(manifest, siteEntry, fans, true)
  const fanFiles = new Set([...fans].map((key) => `/${manifest.get(key)?.file}`))
  for (const module of modules) {
    const files = consoleScripts(manifest, module)
    const bytes = gzippedBytes(clientDir, files)
    console.log(`first load of the console's ${module}: ${(bytes / 1024).toFixed(1)} KB gzipped`)
    expect(bytes).toBeLessThanOrEqual(scriptBudgetBytes)
    // The markers are there to find (so the checks above are not vacuous)...
    expect(consoleCodeIn(files).length).toBeGreaterThan(0)
    // ...React and the router come from the chunk the fans' pages load, not a second copy...
    expect(files.some((file) => fanFiles.has(file))).toBe(true)
    // ...and the console loads no zod: it imports only the operator inputs' types.
    expect(files.filter((file) => read(file).includes('._zod'))).toEqual([])
  }
})
