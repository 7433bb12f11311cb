// One name, one file: no two files under src/ share a name, so a name in a comment, a stack trace
// or a search names one file (README, "Layout": how each layer names its files).
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'

const root = fileURLToPath(new URL('../..', import.meta.url))

/**
 * A file's name as a reader says it: without .ts or .tsx (a module is one name whichever it is);
 * a stylesheet keeps its .css, so a component's own styles may share its name.
 */
function nameOf(file: string): string {
  return path.basename(file).replace(/\.tsx?$/, '')
}

/** Each name that more than one file has, with its files: `name: a, b`, sorted. */
function nameClashes(files: readonly string[]): string[] {
  const byName = new Map<string, string[]>()
  for (const file of files) byName.set(nameOf(file), [...(byName.get(nameOf(file)) ?? []), file])
  return [...byName]
    .filter(([, same]) => same.length > 1)
    .map(([name, same]) => `${name}: ${[...same].sort().join(', ')}`)
    .sort()
}

/** Every file under src/ but the tests (which are named for the file they test). */
function sourceFiles(): string[] {
  return readdirSync(path.join(root, 'src'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !/\.test\.\w+$/.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
}

test('the check finds a name two layers share, a .ts beside a .tsx, and lets a stylesheet be', () => {
  expect(
    nameClashes([
      'src/server/routes/tickets.ts',
      'src/web/api/tickets.ts',
      'src/shared/tickets.ts',
      'src/web/app/entry.tsx',
      'src/web/overlay/entry.ts',
      'src/web/pages/poster/poster-page.tsx',
      'src/web/pages/poster/poster-page.css',
      'src/web/pages/poster/poster.css',
      'src/shared/poster.ts',
    ]),
  ).toEqual([
    'entry: src/web/app/entry.tsx, src/web/overlay/entry.ts',
    'tickets: src/server/routes/tickets.ts, src/shared/tickets.ts, src/web/api/tickets.ts',
  ])
})

test('no two files under src/ but tests share a name', () => {
  expect(nameClashes(sourceFiles())).toEqual([])
})

test("README's map names every plugin and route file of the server", () => {
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8')
  const unnamed = ['plugins', 'routes'].flatMap((folder) =>
    readdirSync(path.join(root, 'src/server', folder))
      .filter((file) => file.endsWith('.ts') && !file.includes('.test.'))
      .map((file) => `${folder}/${file}`)
      .filter((file) => !readme.includes(path.basename(file))),
  )
  expect(unnamed).toEqual([])
})
