// Pre-renders / and /store to HTML after `vite build` (scripts/build.mjs runs this), so their
// content is there before any script runs; main.tsx then hydrates it.
// Writes dist/client/index.html (/), dist/client/store.html (/store) and dist/client/shell.html
// (the empty app shell, for routes that are rendered only in the browser).
// Each page's script is its own chunk (src/web/routes.ts): the HTML lists it and the chunks it
// imports, read from Vite's manifest, in #root's data-modules; the entry (src/web/boot.ts)
// preloads them alongside main.tsx once the page has painted.
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build } from 'vite'
import { escapeHtml } from '../src/shared/escape-html'
import { siteConfig } from '../src/shared/site-config'
import { type PageInfo, pageKeys, pages, type Rendering } from '../src/web/pages'

const clientDir = path.resolve('dist/client')
const serverEntryDir = path.resolve('dist/server-entry')
/** Where Vite writes its manifest, inside the public folder... */
const builtManifestPath = path.join(clientDir, '.vite/manifest.json')
/** ...and where it is kept instead, out of reach of the static file server. */
const manifestPath = path.resolve('dist/client-manifest.json')
const marker = '<!--app-html-->'
/** Where the server puts what it adds to a request-rendered page's head (its JSON-LD). */
const headMarker = '<!--app-head-->'
const emptyRoot = '<div id="root"></div>'

/** A page whose HTML the build writes: those the server sends as built or fills per request. */
interface PageHead {
  url: string
  file: string
  title: string
  description: string
  preloadImage?: string
  module: string
  rendering: Rendering
}

const prerendered: PageHead[] = pageKeys.flatMap((key) => {
  const page: PageInfo = pages[key]
  if (page.rendering === 'browser' || !page.file) return []
  return [{ ...page, url: page.path, file: page.file }]
})

/** Where request-rendered pages' templates go: outside the folder the server serves files from. */
const templatesDir = path.resolve('dist/templates')

// Canonical and Open Graph URLs must be absolute; the build takes the site's address from
// PUBLIC_URL, as the server does, with the same local default.
const publicUrl = (process.env.PUBLIC_URL || 'http://localhost:3000').replace(/\/+$/, '')

/** The parts of Vite's build manifest this script reads. */
interface ManifestChunk {
  file: string
  isEntry?: boolean
  imports?: string[]
}

function readManifest(): Map<string, ManifestChunk> {
  if (fs.existsSync(builtManifestPath)) {
    fs.renameSync(builtManifestPath, manifestPath)
    fs.rmSync(path.dirname(builtManifestPath), { recursive: true, force: true })
  }
  const json: unknown = JSON.parse(fs.readFileSync(manifestPath, 'utf8'))
  if (typeof json !== 'object' || json === null) throw new Error('prerender: bad manifest')
  const chunks = new Map<string, ManifestChunk>()
  for (const [key, value] of Object.entries(json)) {
    if (typeof value !== 'object' || value === null) continue
    const file: unknown = 'file' in value ? value.file : undefined
    const imports: unknown = 'imports' in value ? value.imports : undefined
    if (typeof file !== 'string') continue
    chunks.set(key, {
      file,
      isEntry: 'isEntry' in value && value.isEntry === true,
      imports: Array.isArray(imports)
        ? imports.filter((item): item is string => typeof item === 'string')
        : [],
    })
  }
  return chunks
}

/** Adds `key` and every chunk it imports, directly or not, to `into`. */
function walkImports(manifest: Map<string, ManifestChunk>, key: string, into: Set<string>): void {
  if (into.has(key)) return
  const chunk = manifest.get(key)
  if (!chunk) throw new Error(`prerender: ${key} is not in the build manifest`)
  into.add(key)
  for (const imported of chunk.imports ?? []) walkImports(manifest, imported, into)
}

/** The app's module, which the entry (boot.ts) imports after the first paint. */
const appModule = 'src/web/main.tsx'

/**
 * The scripts to preload for a page: its chunk and every chunk that chunk imports, except the
 * entry, main.tsx and what they import themselves (importing main.tsx preloads those).
 */
function pageScripts(manifest: Map<string, ManifestChunk>, module: string): string[] {
  const loadedByEntry = new Set<string>()
  const walk = (key: string, into: Set<string>) => walkImports(manifest, key, into)
  for (const [key, chunk] of manifest) if (chunk.isEntry) walk(key, loadedByEntry)
  walk(appModule, loadedByEntry)
  const needed = new Set<string>()
  walk(module, needed)
  return [...needed]
    .filter((key) => !loadedByEntry.has(key))
    .map((key) => `/${manifest.get(key)?.file}`)
}

/**
 * The first load's JavaScript must stay well below this, gzipped: more delays hydration on a
 * slow phone (Lighthouse's mobile profile). Exceeding it fails the build.
 */
const scriptBudgetBytes = 120 * 1024

/** The gzipped size of every script the page loads: its own, the entry's and main.tsx's. */
function scriptBytes(
  html: string,
  manifest: Map<string, ManifestChunk>,
  scripts: readonly string[],
): number {
  const app = new Set<string>()
  walkImports(manifest, appModule, app)
  const sources = new Set([
    ...[...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map(
      (match) => match[1] ?? '',
    ),
    ...scripts,
    ...[...app].map((key) => `/${manifest.get(key)?.file}`),
  ])
  let total = 0
  for (const source of sources) {
    total += gzipSync(fs.readFileSync(path.join(clientDir, source)), { level: 9 }).length
  }
  return total
}

function headTags(page: PageHead): string {
  const url = `${publicUrl}${page.url}`
  const meta = (attribute: 'name' | 'property', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`
  return [
    ...(page.preloadImage
      ? [
          `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(page.preloadImage)}" />`,
        ]
      : []),
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', siteConfig.brand),
    meta('property', 'og:title', page.title),
    meta('property', 'og:description', page.description),
    meta('property', 'og:url', url),
    meta('property', 'og:image', `${publicUrl}/images/og.png`),
    meta('property', 'og:image:width', '1200'),
    meta('property', 'og:image:height', '630'),
    meta('property', 'og:image:alt', `${siteConfig.brand}: ${siteConfig.tagline}`),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', page.title),
    meta('name', 'twitter:description', page.description),
    meta('name', 'twitter:image', `${publicUrl}/images/og.png`),
  ].join('\n    ')
}

/**
 * The stylesheet Vite linked, written into the page instead. The pre-rendered pages then paint
 * from the HTML alone, one round trip sooner on a slow phone (Lighthouse's mobile profile).
 * The file stays in dist for the shell, which keeps its <link>.
 */
function inlineStylesheets(html: string): string {
  return html.replace(
    /<link rel="stylesheet"(?: crossorigin)? href="(\/assets\/[^"]+\.css)">/g,
    (_link, href: string) => {
      const css = fs.readFileSync(path.join(clientDir, href), 'utf8')
      if (/<\/style/i.test(css)) throw new Error(`prerender: ${href} cannot be inlined`)
      return `<style>${css}</style>`
    },
  )
}

/** The built shell with this page's title, description, social tags and HTML filled in. */
function fillPage(
  template: string,
  page: PageHead,
  scripts: readonly string[],
  appHtml: string,
): string {
  if (!template.includes(`<div id="root">${marker}</div>`)) {
    throw new Error(`prerender: <div id="root">${marker}</div> is missing from index.html`)
  }
  return (
    template
      .replace(/<title>[\s\S]*?<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
      .replace(
        /<meta name="description" content="[^"]*" \/>/,
        `<meta name="description" content="${escapeHtml(page.description)}" />`,
      )
      .replace('</head>', `  ${headTags(page)}\n  </head>`)
      // main.tsx hydrates only when the URL is the one this HTML was rendered for.
      .replace(
        `<div id="root">${marker}</div>`,
        () =>
          `<div id="root" data-route="${page.url}" data-modules="${escapeHtml(scripts.join(' '))}">${appHtml}</div>`,
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
      ssr: 'src/web/entry-server.tsx',
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
  const manifest = readManifest()

  // The shell's #root must be empty (not even the marker comment): main.tsx hydrates any
  // #root that has child nodes.
  fs.writeFileSync(shellPath, template.replace(`<div id="root">${marker}</div>`, emptyRoot))
  fs.rmSync(templatesDir, { recursive: true, force: true })
  fs.mkdirSync(templatesDir, { recursive: true })
  for (const page of prerendered) {
    const appHtml: unknown = await render(page.url)
    if (typeof appHtml !== 'string') throw new Error('prerender: render(url) gave no HTML')
    const html = inlineStylesheets(
      fillPage(template, page, pageScripts(manifest, page.module), appHtml),
    )
    const bytes = scriptBytes(html, manifest, pageScripts(manifest, page.module))
    if (bytes > scriptBudgetBytes) {
      throw new Error(
        `prerender: ${page.url} loads ${bytes} bytes of gzipped JavaScript, over the budget of ${scriptBudgetBytes}`,
      )
    }
    fs.writeFileSync(path.join(clientDir, page.file), html)
    if (page.rendering === 'request') {
      // The same page with the markers the server fills on each request (app.ts).
      const requestTemplate = inlineStylesheets(
        fillPage(template, page, pageScripts(manifest, page.module), marker),
      ).replace('</head>', `${headMarker}</head>`)
      fs.writeFileSync(path.join(templatesDir, page.file), requestTemplate)
    }
    console.log(
      `prerender: ${page.url} -> dist/client/${page.file} (${appHtml.length} chars, ` +
        `${(bytes / 1024).toFixed(1)} KB of gzipped JavaScript)`,
    )
  }
}

await main()
