// Writes biome.json from the table below: which folder of src/ may import what (README, "Layout").
// Biome reads only JSON, where each folder's rules would be written out twice (its code and its
// tests) with the same groups and sentences; here each rule is said once. Run it after changing
// the table (`npm run lint:config`); test/repo/layout.test.ts fails while biome.json differs.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

interface Rule {
  group: string[]
  message: string
  /** What the folder's tests may import all the same, and why. */
  tests?: { allow: string[]; why: string }
}

const frameworks = [
  'fastify',
  'fastify/**',
  '@fastify/**',
  'react',
  'react/**',
  'react-dom',
  'react-dom/**',
  'wouter',
  'wouter/**',
]

const testSupport: Rule = {
  group: ['#test/**', '../**/test/support/**'],
  message:
    'Only *.test.ts(x) files may import test support (#test/*); production code under src/ must not.',
}

interface Layer {
  /** The folder's files, as Biome's `includes` name them (exclusions start with `!`). */
  folder: string[]
  /** What neither its code nor its tests may import (but a rule's `tests.allow`). */
  denied: Rule[]
}

const webOnlyShared: Rule = {
  group: ['../**/core/**', '../**/server/**', '../**/cli/**'],
  message:
    'src/web may import only src/shared, not src/core, src/server or src/cli; move what the browser needs into src/shared or fetch it through src/web/api.',
}
const webNoNode: Rule = {
  group: [':NODE:'],
  message:
    'src/web runs in the browser and must not import Node built-ins; do that work in src/server and fetch it through src/web/api.',
}
const cliServer: Rule = {
  group: [
    '../**/server/**',
    '!../**/server/adapters/**',
    '!../**/server/config',
    '!../**/server/config.ts',
  ],
  message:
    'src/cli may import from src/server only adapters/** and config.ts; move anything else it needs into src/core or src/server/adapters.',
}

/** The layers, in the order code flows (shared <- core <- server, cli; web imports shared). */
export const layers: Layer[] = [
  {
    folder: ['src/shared/**'],
    denied: [
      {
        group: ['../**/core/**', '../**/server/**', '../**/web/**', '../**/cli/**'],
        message:
          'src/shared must not import src/core, src/server, src/web or src/cli; move what both sides need into src/shared itself.',
      },
      {
        group: frameworks,
        message:
          'src/shared must not import Fastify or React; keep HTTP code in src/server and UI code in src/web.',
      },
      {
        group: [':NODE:'],
        message:
          'src/shared runs in the browser and must not import Node built-ins; put Node-only code in src/core or src/server/adapters.',
      },
    ],
  },
  {
    folder: ['src/core/**'],
    denied: [
      {
        group: ['../**/server/**', '../**/web/**', '../**/cli/**'],
        message:
          'src/core must not import src/server, src/web or src/cli; move the type or helper it needs into src/core (the Db type lives in src/core/db/schema.ts) or src/shared.',
      },
      {
        group: frameworks,
        message:
          'src/core must not import Fastify or React; put HTTP code in src/server and UI code in src/web.',
      },
    ],
  },
  {
    folder: ['src/server/**'],
    denied: [
      {
        group: ['../**/web/**'],
        message:
          'src/server must not import src/web; load the built renderer at run time and put the types both sides share in src/shared.',
        tests: {
          allow: ['../**/web/app/entry-server'],
          why: 'Tests may import src/web/app/entry-server: the renderer the server loads from the build.',
        },
      },
      {
        group: ['../**/cli/**'],
        message:
          'src/server must not import src/cli; move what both need into src/core or src/server/adapters.',
      },
    ],
  },
  {
    folder: ['src/web/**', '!src/web/console/**'],
    denied: [
      webOnlyShared,
      {
        group: ['../**/console/**', './console/**'],
        message:
          "Only src/web/console imports the console: the fans' pages must never load its code. Move what both need into src/shared or src/web/components.",
      },
      webNoNode,
    ],
  },
  { folder: ['src/web/console/**'], denied: [webOnlyShared, webNoNode] },
  {
    folder: ['src/cli/**'],
    denied: [
      cliServer,
      {
        group: ['../**/web/**'],
        message: 'src/cli must not import src/web; move what it needs into src/shared.',
      },
    ],
  },
]

const testFiles = ['**/*.test.ts', '**/*.test.tsx']

function restrictedImports(includes: string[], rules: Rule[]) {
  return {
    includes,
    linter: {
      rules: {
        style: { noRestrictedImports: { level: 'error', options: { patterns: rules } } },
      },
    },
  }
}

/** One layer's two overrides: its code (which may not import test support either), its tests. */
function layerOverrides(layer: Layer) {
  const [include, ...excluded] = layer.folder
  const base = (include ?? '').replace(/\/\*\*$/, '')
  const asRule = ({ group, message }: Rule) => ({ group, message })
  const testRules = layer.denied.map(({ group, message, tests }) =>
    tests
      ? {
          group: [...group, ...tests.allow.map((a) => `!${a}`)],
          message: `${message} (${tests.why})`,
        }
      : { group, message },
  )
  return [
    restrictedImports(
      [include ?? '', ...excluded, ...testFiles.map((f) => `!${f}`)],
      [...layer.denied.map(asRule), testSupport],
    ),
    restrictedImports([...testFiles.map((f) => `${base}/${f}`), ...excluded], testRules),
  ]
}

export function biomeConfig() {
  return {
    $schema: './node_modules/@biomejs/biome/configuration_schema.json',
    vcs: { enabled: true, clientKind: 'git', useIgnoreFile: true },
    files: { ignoreUnknown: true, includes: ['**', '!**/*.md'] },
    formatter: { enabled: true, indentStyle: 'space', indentWidth: 2, lineWidth: 100 },
    linter: {
      enabled: true,
      rules: {
        preset: 'recommended',
        // An import nobody uses is a refactoring left half-done.
        correctness: { noUnusedImports: 'error' },
      },
    },
    javascript: { formatter: { quoteStyle: 'single', semicolons: 'asNeeded' } },
    assist: { enabled: true, actions: { source: { organizeImports: 'on' } } },
    overrides: [
      restrictedImports(['src/**', ...testFiles.map((f) => `!${f}`)], [testSupport]),
      ...layers.flatMap(layerOverrides),
    ],
  }
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const file = path.join(root, 'biome.json')
  fs.writeFileSync(file, `${JSON.stringify(biomeConfig(), null, 2)}\n`)
  execFileSync(path.join(root, 'node_modules/.bin/biome'), ['format', '--write', file], {
    stdio: 'inherit',
  })
}
