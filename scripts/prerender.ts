// Pre-renders / and /store to HTML after `vite build` (scripts/build.ts runs this), so their
// content is there before any script runs; entry-client.tsx then hydrates it. The console (admin.html)
// is rendered in the browser only: it is left as Vite built it, and only its weight is checked.
// Writes dist/client/index.html (/), dist/client/store.html (/store) and dist/client/shell.html
// (the empty app shell, for routes that are rendered only in the browser).
// Each page's script is its own chunk (src/web/app/page-routes.ts): the HTML lists it and the chunks it
// imports, read from Vite's manifest, in #root's data-modules; the inline start script
// (src/shared/start-script.ts) preloads them with the entry once the page has painted and loaded.
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'vite'
import { escapeHtml } from '../src/shared/escape-html'
import { jsonLdScript } from '../src/shared/events-json-ld'
import { pageHeadTags } from '../src/shared/page-head'
import { distPaths, publicUrlMarker, renderMarkers } from '../src/shared/page-rendering'
import { type PageInfo, pageKeys, pages, type Rendering } from '../src/shared/pages'
import { builtPageJsonLd } from '../src/shared/site-json-ld'
import { startScript } from '../src/shared/start-script'
import {
  consolePageModules,
  consoleScripts,
  gzippedBytes,
  pageScripts,
  pageStyles,
  readManifest,
  scriptBudgetBytes,
  scriptBytes,
} from './page-scripts'

const clientDir = path.resolve(distPaths.client)
const serverEntryDir = path.resolve(distPaths.serverEntry)
/** Where Vite writes its manifest, inside the public folder... */
const builtManifestPath = path.join(clientDir, '.vite/manifest.json')
/** ...and where it is kept instead, out of reach of the static file server. */
const manifestPath = path.resolve(distPaths.clientManifest)
const marker = renderMarkers.app
/** Where the server writes the head of a page at many addresses (its title, description, tags). */
const headMarker = renderMarkers.head
/** A path with parameters ("/comics/:slug"): one template, many pages. */
const isPattern = (url: string) => url.includes(':')
/** Where the server puts the data it adds to a request-rendered page (JSON-LD, the schedule). */
const dataMarker = renderMarkers.data
const emptyRoot = '<div id="root"></div>'

/** A page whose HTML the build writes: those the server sends as built or fills per request. */
interface PrerenderedPage {
  url: string
  file: string
  title: string
  description: string
  /** The image the page marks as its likely largest paint: fetched with the HTML. */
  preloadImage?: string | undefined
  module: string
  rendering: Rendering
}

/**
 * The picture a page renders with fetchpriority="high" (the store's first product, as the
 * catalogue has it), preloaded with the HTML: the page says which, nothing copies it.
 */
function priorityImage(appHtml: string): string | undefined {
  const img = /<img\b[^>]*\bfetchpriority="high"[^>]*>/i.exec(appHtml)?.[0]
  return img ? /\bsrc="([^"&]+)"/.exec(img)?.[1] : undefined
}

const prerendered: PrerenderedPage[] = pageKeys.flatMap((key) => {
  const page: PageInfo = pages[key]
  if (page.rendering === 'browser' || !page.file) return []
  return [{ ...page, url: page.path, file: page.file }]
})

/** Where request-rendered pages' templates go: outside the folder the server serves files from. */
const templatesDir = path.resolve(distPaths.templates)

// Canonical and Open Graph URLs must be absolute, but the site's address is a run-time setting:
// the build writes a marker the server replaces with its PUBLIC_URL.
const publicUrl = publicUrlMarker

/**
 * The page's stylesheets (pageStyles) written into the page in place of the entry's <link>. The
 * pre-rendered pages then paint from the HTML alone, one round trip sooner on a slow phone
 * (Lighthouse's mobile profile). The files stay in dist for the shell, which keeps its <link>.
 */
function inlineStylesheets(html: string, styles: readonly string[]): string {
  const link = /<link rel="stylesheet"(?: crossorigin)? href="(\/assets\/[^"]+\.css)">/
  if (!link.test(html)) throw new Error('prerender: the entry stylesheet is not linked')
  const css = styles
    .map((href) => {
      const text = fs.readFileSync(path.join(clientDir, href), 'utf8')
      if (/<\/style/i.test(text)) throw new Error(`prerender: ${href} cannot be inlined`)
      return text
    })
    .join('\n')
  // The files are named too, as disabled links (never fetched): the script's loader (Vite's
  // preload helper) then knows the page has them and does not add them again, which would apply
  // the same rules a second time in another order, and move things on screen.
  const named = styles
    .map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}" disabled />`)
    .join('')
  return html.replace(link, () => `<style>${css}</style>${named}`)
}

/**
 * The built template's own script and module preloads, which would be fetched before the first
 * paint, give way to the inline start script (src/shared/start-script.ts), which fetches the
 * entry and the page's chunks once the page has painted and loaded.
 */
function deferScripts(html: string): { html: string; entry: string } {
  const entryTag = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>\s*/
  const entry = entryTag.exec(html)?.[1]
  if (!entry) throw new Error('prerender: the entry script is missing from index.html')
  const withoutScripts = html
    .replace(entryTag, '')
    .replace(/<link rel="modulepreload" crossorigin href="[^"]+">\s*/g, '')
  if (!withoutScripts.includes('</body>')) throw new Error('prerender: index.html has no </body>')
  return {
    // The marker ends the page's content: until it is parsed, the page is not painted (global.css).
    html: withoutScripts.replace(
      '</body>',
      () => `<template id="page-end"></template><script>${startScript}</script>\n  </body>`,
    ),
    entry,
  }
}

/** The page's JSON-LD (the landing page's Organization and WebSite, the store's products). */
function jsonLdScripts(url: string): string {
  return builtPageJsonLd(url, publicUrl)
    .map((item) => `\n    ${jsonLdScript(item)}`)
    .join('')
}

/**
 * The built shell with this page's title, description, social tags and HTML filled in; with
 * `perRequest`, a marker where the server writes the head of each of its pages (a page at many
 * addresses: /comics/:slug).
 */
function fillPage(
  template: string,
  page: PrerenderedPage,
  scripts: readonly string[],
  appHtml: string,
  perRequest = false,
): string {
  if (!template.includes(`<div id="root">${marker}</div>`)) {
    throw new Error(`prerender: <div id="root">${marker}</div> is missing from index.html`)
  }
  const { html, entry } = deferScripts(template)
  const head = pageHeadTags(page, publicUrl)
  return (
    html
      .replace(/<title>[\s\S]*?<\/title>/, () => (perRequest ? headMarker : head.title))
      .replace(/<meta name="description" content="[^"]*" \/>\s*/, () =>
        perRequest ? '' : `${head.description}\n    `,
      )
      .replace('</head>', () =>
        perRequest ? '</head>' : `  ${head.tags}${jsonLdScripts(page.url)}\n  </head>`,
      )
      // entry-client.tsx hydrates only when the URL is the one this HTML was rendered for.
      .replace(
        `<div id="root">${marker}</div>`,
        () =>
          `<div id="root" data-route="${page.url}" data-entry="${escapeHtml(entry)}" data-modules="${escapeHtml(scripts.join(' '))}">${appHtml}</div>`,
      )
  )
}

async function main() {
  const templatePath = path.join(clientDir, 'index.html')
  const shellPath = path.join(clientDir, 'shell.html')
  const built = fs.readFileSync(templatePath, 'utf8')
  // Run again without a fresh `vite build`, index.html is already filled: start from the shell.
  const template = built.includes(marker)
    ? built
    : fs.readFileSync(shellPath, 'utf8').replace(emptyRoot, `<div id="root">${marker}</div>`)

  await build({
    logLevel: 'warn',
    build: {
      ssr: 'src/web/app/entry-server.tsx',
      outDir: serverEntryDir,
      emptyOutDir: true,
      copyPublicDir: false,
      target: 'node20',
    },
  })
  const entryFile = fs.readdirSync(serverEntryDir).find((name) => /^entry-server\.m?js$/.test(name))
  if (!entryFile) throw new Error('prerender: the server entry was not built')
  const entry: unknown = await import(pathToFileURL(path.join(serverEntryDir, entryFile)).href)
  if (
    typeof entry !== 'object' ||
    entry === null ||
    !('render' in entry) ||
    typeof entry.render !== 'function'
  ) {
    throw new Error('prerender: entry-server does not export render(url)')
  }
  const render = entry.render
  if (fs.existsSync(builtManifestPath)) {
    fs.renameSync(builtManifestPath, manifestPath)
    fs.rmSync(path.dirname(builtManifestPath), { recursive: true, force: true })
  }
  const manifest = readManifest(manifestPath)

  // The shell's #root must be empty (not even the marker comment): entry-client.tsx hydrates any
  // #root that has child nodes.
  fs.writeFileSync(shellPath, template.replace(`<div id="root">${marker}</div>`, emptyRoot))
  fs.rmSync(templatesDir, { recursive: true, force: true })
  fs.mkdirSync(templatesDir, { recursive: true })
  for (const built of prerendered) {
    const appHtml: unknown = await render(built.url)
    if (typeof appHtml !== 'string') throw new Error('prerender: render(url) gave no HTML')
    const page = { ...built, preloadImage: priorityImage(appHtml) }
    const styles = pageStyles(manifest, page.module)
    const html = inlineStylesheets(
      fillPage(template, page, pageScripts(manifest, page.module), appHtml),
      styles,
    )
    const bytes = scriptBytes(clientDir, html, manifest, pageScripts(manifest, page.module))
    if (bytes > scriptBudgetBytes) {
      throw new Error(
        `prerender: ${page.url} loads ${bytes} bytes of gzipped JavaScript, over the budget of ${scriptBudgetBytes}`,
      )
    }
    fs.writeFileSync(path.join(clientDir, page.file), html)
    if (page.rendering === 'request') {
      // The same page with the markers the server fills on each request (app.ts).
      const requestTemplate = inlineStylesheets(
        fillPage(template, page, pageScripts(manifest, page.module), marker, isPattern(page.url)),
        styles,
      ).replace('</body>', `${dataMarker}</body>`)
      fs.writeFileSync(path.join(templatesDir, page.file), requestTemplate)
    }
    console.log(
      `prerender: ${page.url} -> dist/client/${page.file} (${appHtml.length} chars, ` +
        `${(bytes / 1024).toFixed(1)} KB of gzipped JavaScript)`,
    )
  }
  checkConsoleWeight(manifest)
}

/** The console's pages' first loads, held to the fans' budget too (no UI or chart library). */
function checkConsoleWeight(manifest: ReturnType<typeof readManifest>): void {
  const sizes = consolePageModules(manifest).map((module) => {
    const bytes = gzippedBytes(clientDir, consoleScripts(manifest, module))
    if (bytes > scriptBudgetBytes) {
      throw new Error(
        `prerender: the console's ${module} loads ${bytes} bytes of gzipped JavaScript, over the budget of ${scriptBudgetBytes}`,
      )
    }
    return bytes / 1024
  })
  if (sizes.length === 0) throw new Error('prerender: the console (admin.html) was not built')
  console.log(
    `prerender: the console (dist/client/admin.html, rendered in the browser) loads ` +
      `${Math.min(...sizes).toFixed(1)} to ${Math.max(...sizes).toFixed(1)} KB of gzipped JavaScript per page`,
  )
}

await main()
