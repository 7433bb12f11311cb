// Which scripts a page loads first, and how many bytes they are gzipped: the pre-render script
// preloads them and holds the build to a budget; test/e2e/first-load.test.ts checks every page.
import fs from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { consoleHtmlFile } from '../src/shared/console'

/** The parts of Vite's build manifest this script reads. */
export interface ManifestChunk {
  file: string
  isEntry?: boolean
  imports?: string[]
  /** Chunks it imports on demand (the pages, for an app). */
  dynamicImports?: string[]
  /** The chunk's own stylesheets (cssCodeSplit). */
  css?: string[]
}

/** Vite's manifest, as scripts/prerender.ts keeps it (dist/client-manifest.json). */
export function readManifest(manifestPath: string): Map<string, ManifestChunk> {
  const json: unknown = JSON.parse(fs.readFileSync(manifestPath, 'utf8'))
  if (typeof json !== 'object' || json === null) throw new Error('prerender: bad manifest')
  const chunks = new Map<string, ManifestChunk>()
  for (const [key, value] of Object.entries(json)) {
    if (typeof value !== 'object' || value === null) continue
    const file: unknown = 'file' in value ? value.file : undefined
    const imports: unknown = 'imports' in value ? value.imports : undefined
    const dynamicImports: unknown = 'dynamicImports' in value ? value.dynamicImports : undefined
    const css: unknown = 'css' in value ? value.css : undefined
    if (typeof file !== 'string') continue
    chunks.set(key, {
      file,
      isEntry: 'isEntry' in value && value.isEntry === true,
      imports: Array.isArray(imports)
        ? imports.filter((item): item is string => typeof item === 'string')
        : [],
      dynamicImports: Array.isArray(dynamicImports)
        ? dynamicImports.filter((item): item is string => typeof item === 'string')
        : [],
      css: Array.isArray(css) ? css.filter((item): item is string => typeof item === 'string') : [],
    })
  }
  return chunks
}

/**
 * Adds `key` and every chunk it imports, directly or not, to `into`; with `onDemand`, the chunks
 * imported later (pages) too: everything the chunk may ever load.
 */
export function walkImports(
  manifest: Map<string, ManifestChunk>,
  key: string,
  into: Set<string>,
  onDemand = false,
): void {
  if (into.has(key)) return
  const chunk = manifest.get(key)
  if (!chunk) throw new Error(`${key} is not in the build manifest`)
  into.add(key)
  for (const imported of chunk.imports ?? []) walkImports(manifest, imported, into, onDemand)
  if (onDemand) {
    for (const imported of chunk.dynamicImports ?? []) walkImports(manifest, imported, into, true)
  }
}

/**
 * The fans' site's entry (boot.ts). The build has a second one, the console's (admin.html), a
 * separate app: the fans' pages' scripts, styles and budget are counted from this one alone.
 */
export const siteEntry = 'index.html'
export const consoleEntry = consoleHtmlFile

/** The app's module, which the entry (boot.ts) imports at once. */
const appModule = 'src/web/app/entry-client.tsx'

/**
 * The scripts to preload for a page: its chunk and every chunk that chunk imports, except the
 * entry, entry-client.tsx and what they import themselves (importing entry-client.tsx preloads those).
 */
export function pageScripts(manifest: Map<string, ManifestChunk>, module: string): string[] {
  const loadedByEntry = new Set<string>()
  const walk = (key: string, into: Set<string>) => walkImports(manifest, key, into)
  walk(siteEntry, loadedByEntry)
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
export const scriptBudgetBytes = 100 * 1024

/** Every script a fans' page loads first: the HTML's, its own (`scripts`) and entry-client.tsx's. */
export function firstLoadScripts(
  html: string,
  manifest: Map<string, ManifestChunk>,
  scripts: readonly string[],
): string[] {
  const app = new Set<string>()
  walkImports(manifest, appModule, app)
  return [
    ...new Set([
      ...[...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map(
        (match) => match[1] ?? '',
      ),
      ...scripts,
      ...[...app].map((key) => `/${manifest.get(key)?.file}`),
    ]),
  ]
}

/** The gzipped size of these files of the build (/assets/...), together. */
export function gzippedBytes(clientDir: string, files: Iterable<string>): number {
  let total = 0
  for (const file of new Set(files)) {
    total += gzipSync(fs.readFileSync(path.join(clientDir, file)), { level: 9 }).length
  }
  return total
}

/** The gzipped size of every script the page loads: its own, the entry's and entry-client.tsx's. */
export function scriptBytes(
  clientDir: string,
  html: string,
  manifest: Map<string, ManifestChunk>,
  scripts: readonly string[],
): number {
  return gzippedBytes(clientDir, firstLoadScripts(html, manifest, scripts))
}

/** The console's pages: each is a chunk its entry imports on demand (console-routes.ts). */
export function consolePageModules(manifest: Map<string, ManifestChunk>): string[] {
  return manifest.get(consoleEntry)?.dynamicImports ?? []
}

/**
 * What opening one console page loads first: the console's entry and that page's chunk, with
 * everything they import (the console is rendered in the browser, from admin.html as built).
 */
export function consoleScripts(manifest: Map<string, ManifestChunk>, module: string): string[] {
  const keys = new Set<string>()
  walkImports(manifest, consoleEntry, keys)
  walkImports(manifest, module, keys)
  return [...keys].map((key) => `/${manifest.get(key)?.file}`)
}

/**
 * The stylesheets a page needs, in cascade order: the entry's (tokens, base, controls), then the
 * app's and the page's chunks', each chunk's after the chunks it imports. Only these are inlined
 * into the page's HTML, not the other pages' rules.
 */
export function pageStyles(manifest: Map<string, ManifestChunk>, module: string): string[] {
  const styles: string[] = []
  const seen = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key)) return
    seen.add(key)
    const chunk = manifest.get(key)
    if (!chunk) throw new Error(`${key} is not in the build manifest`)
    for (const imported of chunk.imports ?? []) visit(imported)
    for (const css of chunk.css ?? []) if (!styles.includes(css)) styles.push(css)
  }
  visit(siteEntry)
  visit(appModule)
  visit(module)
  return styles.map((file) => `/${file}`)
}
