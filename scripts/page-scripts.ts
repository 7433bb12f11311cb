// Which scripts a page loads first, and how many bytes they are gzipped: the pre-render script
// preloads them and holds the build to a budget; test/e2e/first-load.test.ts checks every page.
import fs from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

/** The parts of Vite's build manifest this script reads. */
export interface ManifestChunk {
  file: string
  isEntry?: boolean
  imports?: string[]
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
    const css: unknown = 'css' in value ? value.css : undefined
    if (typeof file !== 'string') continue
    chunks.set(key, {
      file,
      isEntry: 'isEntry' in value && value.isEntry === true,
      imports: Array.isArray(imports)
        ? imports.filter((item): item is string => typeof item === 'string')
        : [],
      css: Array.isArray(css) ? css.filter((item): item is string => typeof item === 'string') : [],
    })
  }
  return chunks
}

/** Adds `key` and every chunk it imports, directly or not, to `into`. */
function walkImports(manifest: Map<string, ManifestChunk>, key: string, into: Set<string>): void {
  if (into.has(key)) return
  const chunk = manifest.get(key)
  if (!chunk) throw new Error(`${key} is not in the build manifest`)
  into.add(key)
  for (const imported of chunk.imports ?? []) walkImports(manifest, imported, into)
}

/** The app's module, which the entry (boot.ts) imports after the first paint. */
const appModule = 'src/web/app/main.tsx'

/**
 * The scripts to preload for a page: its chunk and every chunk that chunk imports, except the
 * entry, main.tsx and what they import themselves (importing main.tsx preloads those).
 */
export function pageScripts(manifest: Map<string, ManifestChunk>, module: string): string[] {
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
export const scriptBudgetBytes = 100 * 1024

/** The gzipped size of every script the page loads: its own, the entry's and main.tsx's. */
export function scriptBytes(
  clientDir: string,
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
  for (const [key, chunk] of manifest) if (chunk.isEntry) visit(key)
  visit(appModule)
  visit(module)
  return styles.map((file) => `/${file}`)
}
