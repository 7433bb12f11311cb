// The layout of src/ (see biome.json's overrides): each import boundary fires, and only where it should;
// the folders, and the files, import each other without cycles; no source file grows past 300 lines; the README's
// layout section lists the folders as they are.
import { spawnSync } from 'node:child_process'
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'
import { biomeConfig } from '../../scripts/lint-config'

const root = fileURLToPath(new URL('../..', import.meta.url))
/**
 * Biome's own binary for this machine, started directly: node_modules/.bin/biome is a Node script
 * that finds it (and asks `ldd` which C library the machine has) each time, which cost this file
 * 0.13 s of CPU per lint of the 42 it runs. The script when neither binary is installed.
 */
const biome =
  [`${process.platform}-${process.arch}`, `${process.platform}-${process.arch}-musl`]
    .map((target) => path.join(root, 'node_modules/@biomejs', `cli-${target}`, 'biome'))
    .find((binary) => existsSync(binary)) ?? path.join(root, 'node_modules/.bin/biome')

type Finding = { specifier: string; rule: string; message: string }
type Report = {
  diagnostics: { category: string; message: string; location: { start: { line: number } } }[]
}

// Biome 2.5's --stdin-file-path mode prints the source back and no diagnostics, with the same exit code
// for a clean and a faulty source, so the sample is linted as a real file in a scratch copy of the
// project: this repository's biome.json at its root, the sample at the path it pretends to have.
function lintImports(
  file: string,
  specifiers: string[],
): { status: number | null; findings: Finding[] } {
  const dir = mkdtempSync(path.join(tmpdir(), 'layout-'))
  try {
    copyFileSync(path.join(root, 'biome.json'), path.join(dir, 'biome.json'))
    mkdirSync(path.join(dir, path.dirname(file)), { recursive: true })
    writeFileSync(path.join(dir, file), specifiers.map((s) => `import '${s}'\n`).join(''))
    const args = [
      'lint',
      '--vcs-enabled=false',
      '--reporter=json',
      '--only=style/noRestrictedImports',
      file,
    ]
    const run = spawnSync(biome, args, { cwd: dir, encoding: 'utf8' })
    if (!run.stdout.startsWith('{')) throw new Error(`biome lint did not report: ${run.stderr}`)
    const findings = (JSON.parse(run.stdout) as Report).diagnostics
      .sort((a, b) => a.location.start.line - b.location.start.line)
      .map((d) => ({
        specifier: specifiers[d.location.start.line - 1] ?? '?',
        rule: d.category,
        message: d.message,
      }))
    return { status: run.status, findings }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** Every denied import in `file` is reported with `message`; the allowed ones pass. */
function expectRule(rule: { file: string; denied: string[]; allowed: string[]; message: string }) {
  const bad = lintImports(rule.file, rule.denied)
  const expected = rule.denied.map((specifier) => ({
    specifier,
    rule: 'lint/style/noRestrictedImports',
    message: expect.stringContaining(rule.message),
  }))
  expect(bad.findings).toEqual(expected)
  expect(bad.status).toBe(1)
  expect(lintImports(rule.file, rule.allowed)).toEqual({ status: 0, findings: [] })
}

test('biome.json is what scripts/lint-config.ts writes from its table (npm run lint:config)', () => {
  const written = JSON.parse(readFileSync(path.join(root, 'biome.json'), 'utf8'))
  expect(written).toEqual(biomeConfig())
})

test('src/shared may not import src/core, src/server, src/web or src/cli', () => {
  expectRule({
    file: 'src/shared/pages.ts',
    denied: ['../core/clock', '../server/app', '../web/app/page-routes', '../cli/admin'],
    allowed: ['./money', './show-time', 'zod'],
    message: 'src/shared must not import src/core',
  })
})

test('src/shared may not import Fastify or React', () => {
  expectRule({
    file: 'src/shared/pages.ts',
    denied: ['fastify', '@fastify/static', 'react', 'react-dom/server', 'wouter'],
    allowed: ['zod', 'zod/mini'],
    message: 'src/shared must not import Fastify or React',
  })
})

test('src/shared may not import Node built-ins', () => {
  expectRule({
    file: 'src/shared/show-time.ts',
    denied: ['node:fs', 'node:path', 'crypto'],
    allowed: ['./limits'],
    message: 'src/shared runs in the browser',
  })
})

test('src/core may not import src/server, src/web or src/cli', () => {
  expectRule({
    file: 'src/core/kiosk/redeem.ts',
    denied: [
      '../../server/adapters/redis',
      '../../server/app',
      '../../web/app/page-routes',
      '../../cli/admin',
    ],
    allowed: [
      '../../shared/live',
      '../codes/code',
      '../clock',
      './live-feed',
      'kysely',
      'node:crypto',
    ],
    message: 'src/core must not import src/server',
  })
})

test('src/core may not import Fastify or React', () => {
  expectRule({
    file: 'src/core/checkout/orders.ts',
    denied: ['fastify', '@fastify/rate-limit', 'react', 'react-dom', 'wouter'],
    allowed: ['kysely', 'zod', 'node:crypto'],
    message: 'src/core must not import Fastify or React',
  })
})

test('src/server may not import src/web', () => {
  expectRule({
    file: 'src/server/plugins/built-pages.ts',
    denied: ['../../web/app/entry-server', '../../web/app/schedule-context'],
    allowed: [
      '../../core/schedule/events',
      '../../shared/pages',
      '../adapters/redis',
      'fastify',
      'node:path',
    ],
    message: 'src/server must not import src/web',
  })
})

test('src/server may not import src/cli', () => {
  expectRule({
    file: 'src/server/adapters/payments/stripe-provider.ts',
    denied: ['../../../cli/admin'],
    allowed: ['../../../core/checkout/payment-provider', '../../config', '../redis', 'stripe'],
    message: 'src/server must not import src/cli',
  })
})

test('src/web may import src/shared but not src/core, src/server or src/cli', () => {
  const message = 'src/web may import only src/shared'
  expectRule({
    file: 'src/web/pages/store/store-page.tsx',
    denied: ['../../../core/checkout/orders', '../../../server/app', '../../../cli/admin'],
    allowed: ['../../../shared/catalogue', '../../components/use-hydrated', './cart', 'react'],
    message,
  })
  expectRule({
    file: 'src/web/app/entry-client.tsx',
    denied: ['../../core/clock', '../../server/adapters/redis'],
    allowed: [
      './entry-server',
      '../app/entry-server',
      '../pages/store/store-page',
      'react-dom/client',
    ],
    message,
  })
})

test('nothing in src/web outside src/web/console imports the console', () => {
  const message = 'Only src/web/console imports the console'
  expectRule({
    file: 'src/web/app/entry-client.tsx',
    denied: ['../console/console-main', '../console/console-app'],
    allowed: ['./page-routes', '../components/layout/logo-mark', '../../shared/console'],
    message,
  })
  expectRule({
    file: 'src/web/pages/store/store-page.tsx',
    denied: ['../../console/pages/order-page', '../../console/console-ui'],
    allowed: ['./cart', '../../components/use-hydrated', '../../../shared/console'],
    message,
  })
  expectRule({
    file: 'src/web/pages/store/store-page.test.tsx',
    denied: ['../../console/console-session'],
    allowed: ['#test/fetch-stub', './store-page'],
    message,
  })
})

test('the console imports itself, src/shared and the shared web parts, under the web rules', () => {
  expectRule({
    file: 'src/web/console/pages/order-page.tsx',
    denied: ['../../../core/operator/run-action', '../../../server/app', 'node:fs'],
    allowed: [
      '../console-ui',
      './refund-panel',
      '../../components/layout/logo-mark',
      '../../styles/global.css',
      '../../../shared/console',
    ],
    message: 'src/web',
  })
  expectRule({
    file: 'src/web/console/pages/order-page.test.tsx',
    denied: ['../../../server/app'],
    allowed: ['#test/fetch-stub', '../console-app', './order-page'],
    message: 'src/web may import only src/shared',
  })
})

test('src/web may not import Node built-ins', () => {
  expectRule({
    file: 'src/web/app/entry-server.tsx',
    denied: ['node:fs', 'node:stream', 'path'],
    allowed: ['react-dom/server', 'react-dom/static', 'wouter', './page-routes'],
    message: 'src/web runs in the browser',
  })
})

test('src/cli may import only the adapters and the config of src/server', () => {
  expectRule({
    file: 'src/cli/admin.ts',
    denied: [
      '../server/app',
      '../server/routes/checkout-routes',
      '../server/plugins/built-pages',
      '../server/start',
    ],
    allowed: [
      '../server/adapters/redis',
      '../server/adapters/db/database',
      '../server/config',
      '../core/clock',
    ],
    message: 'src/cli may import from src/server only adapters',
  })
})

test('src/cli may not import src/web', () => {
  expectRule({
    file: 'src/cli/admin.ts',
    denied: ['../web/app/page-routes'],
    allowed: ['../shared/pages'],
    message: 'src/cli must not import src/web',
  })
})

test('production code under src/ may not import test support', () => {
  expectRule({
    file: 'src/server/routes/kiosk-routes.ts',
    denied: ['#test/clock', '#test/test-app', '../../../test/support/clock'],
    allowed: ['../../core/clock'],
    message: 'Only *.test.ts(x) files may import test support',
  })
})

test('test files may import test support but keep their folder rules', () => {
  expectRule({
    file: 'src/core/kiosk/redeem.test.ts',
    denied: ['../../server/adapters/redis', 'fastify'],
    allowed: ['#test/clock', '../../../test/support/clock', 'vitest', 'node:fs'],
    message: 'src/core must not import',
  })
  expectRule({
    file: 'src/web/pages/store/cart.test.ts',
    denied: ['node:fs', '../../../server/app'],
    allowed: ['#test/fetch-stub', '@testing-library/react', './cart'],
    message: 'src/web',
  })
})

/** Non-test .ts/.tsx/.js/.mjs files under `dir`, relative to the repository root. */
function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { recursive: true })
    .map((file) => path.join(dir, String(file)))
    .filter((file) => /\.(ts|tsx|js|mjs)$/.test(file) && !/\.test\.\w+$/.test(file))
}

/** The graph node of a path under src/: its folder, at most two levels deep (`core/checkout`, `shared`). */
function folderOf(fileUnderSrc: string): string {
  const parts = fileUnderSrc.replace(/\.(tsx?|css|mjs|js)$/, '').split(path.sep)
  // A file at the top of a layer (src/core/clock.ts, src/server/app.ts) is a node of its own:
  // the layer's foundation or its assembly, not a folder that could form a cycle.
  return parts.length <= 2 ? parts.join('/') : parts.slice(0, 2).join('/')
}

/** Folder -> folders it imports, from every relative import of every non-test file under src/. */
function folderGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>()
  for (const file of sourceFiles('src')) {
    const from = folderOf(path.relative('src', file))
    const text = readFileSync(path.join(root, file), 'utf8')
    for (const [, specifier = ''] of text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
      const target = path.relative('src', path.join(path.dirname(file), specifier))
      const to = folderOf(target)
      if (target.startsWith('..') || to === from) continue
      graph.set(from, (graph.get(from) ?? new Set()).add(to))
    }
  }
  return graph
}

/** The file a relative import names: the path as written, or with .ts, .tsx or /index.ts added. */
function resolveImport(fromFile: string, specifier: string, files: ReadonlySet<string>) {
  const base = path.join(path.dirname(fromFile), specifier)
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find((f) => files.has(f))
}

/** File -> files it imports (type-only imports too), for every non-test file under src/. */
function fileGraph(): Map<string, Set<string>> {
  const files = new Set(sourceFiles('src'))
  const graph = new Map<string, Set<string>>()
  for (const file of files) {
    const text = readFileSync(path.join(root, file), 'utf8')
    const targets = new Set<string>()
    for (const [, specifier = ''] of text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
      const target = resolveImport(file, specifier, files)
      if (target) targets.add(target)
    }
    graph.set(file, targets)
  }
  return graph
}

/** The folders on the shortest chain of imports from `from` to `to` (both included), if there is one. */
function shortestChain(
  graph: Map<string, Set<string>>,
  from: string,
  to: string,
): string[] | undefined {
  const reachedFrom = new Map<string, string>([[from, from]])
  const queue = [from]
  for (const node of queue) {
    if (node === to) {
      const chain = [to]
      for (let at = to; at !== from; ) {
        at = reachedFrom.get(at) ?? from
        chain.unshift(at)
      }
      return chain
    }
    for (const next of graph.get(node) ?? []) {
      if (reachedFrom.has(next)) continue
      reachedFrom.set(next, node)
      queue.push(next)
    }
  }
  return undefined
}

/** For every import that is part of a cycle, the shortest such cycle, as `a -> b -> a`, each once. */
function findCycles(graph: Map<string, Set<string>>): string[] {
  const cycles = new Set<string>()
  for (const [from, targets] of graph) {
    for (const to of targets) {
      const back = shortestChain(graph, to, from)
      if (!back) continue
      const ring = [from, ...back.slice(0, -1)]
      const start = ring.indexOf([...ring].sort()[0] ?? from)
      const rotated = [...ring.slice(start), ...ring.slice(0, start)]
      cycles.add([...rotated, rotated[0]].join(' -> '))
    }
  }
  return [...cycles].sort()
}

test('the folders under src/ import each other without cycles', () => {
  expect(
    findCycles(
      new Map([
        ['a', new Set(['b'])],
        ['b', new Set(['a'])],
      ]),
    ),
  ).toEqual(['a -> b -> a'])
  expect(findCycles(folderGraph())).toEqual([])
})

// Two files importing each other (even for types) are one module in two places: the shared part
// belongs in a third file both import (as kiosk-deps.ts and console-paths.ts are).
test('the files under src/ import each other without cycles', () => {
  expect(findCycles(fileGraph())).toEqual([])
})

test('no source file under src/ or scripts/ is longer than 300 lines', () => {
  const lineCount = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0)
  const tooLong = [...sourceFiles('src'), ...sourceFiles('scripts')]
    .map((file) => ({ file, lines: lineCount(readFileSync(path.join(root, file), 'utf8')) }))
    .filter(({ lines }) => lines > 300)
    .map(({ file, lines }) => `${file} (${lines} lines)`)
  expect(tooLong).toEqual([])
})

test("the README's layout lists every folder under src/, and only folders that exist", () => {
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8')
  const block = /## Layout\n[\s\S]*?```\n([\s\S]*?)```/.exec(readme)?.[1] ?? ''
  const listed = block
    .split('\n')
    .map((line) => line.split(/\s+/)[0] ?? '')
    .filter((entry) => entry.endsWith('/'))
  const missing = listed.filter((entry) => !existsSync(path.join(root, entry)))
  expect(missing).toEqual([])
  const folders = readdirSync(path.join(root, 'src'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `${path.relative(root, path.join(entry.parentPath, entry.name))}/`)
  const unlisted = folders.filter((folder) => !listed.includes(folder))
  expect(unlisted).toEqual([])
})
