// Every user-facing sentence under src/ lives in a text module that src/shared/texts.ts lists
// (textModules): one module per area, so a sentence is found, reused and reviewed in one place.
// What counts as a sentence, and the few exceptions, are below; a planted sentence shows the
// search finds one.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { expect, test } from 'vitest'
import { textModules } from '../../src/shared/texts'

const root = fileURLToPath(new URL('../..', import.meta.url))

/**
 * A sentence: starts with a capital, holds a space, ends in . ! ? or … (a closing quote, bracket
 * or parenthesis may follow). Whitespace runs count as one space, and what comes before the first
 * word is skipped when it is only `{}` (an element or expression), so "{} Write to us." counts.
 */
const sentencePattern = /^[A-Z][\s\S]*\s[\s\S]*[.!?…]["')\]]?$/
const leadingSlots = /^(?:\{\}[\s:;,.]*)+/

/** Faults, for the log and whoever fixes them: their messages are never an answer to a person. */
const faultClasses = new Set(['Error'])

interface Found {
  file: string
  line: number
  sentence: string
}

/**
 * The sentences of one source file, each where it starts. Read are string literals, templates
 * (each `${...}` as `{}`) and the text of each JSX element: its text children joined, each other
 * child as `{}`, so "Write to {} with your order." is one sentence however its link is written.
 * Not read: the message given to `new Error(...)` (a fault) and a log line's words.
 */
function sentencesIn(file: string, source: string): Found[] {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, kind)
  const found: Found[] = []
  const add = (node: ts.Node, text: string) => {
    const sentence = text.replace(/\s+/g, ' ').trim().replace(leadingSlots, '')
    if (!sentencePattern.test(sentence)) return
    const line = sourceFile.getLineAndCharacterOfPosition(node.getStart()).line + 1
    found.push({ file, line, sentence })
  }
  const visit = (node: ts.Node): void => {
    if (ts.isNewExpression(node) && ts.isIdentifier(node.expression)) {
      if (faultClasses.has(node.expression.text)) return
    }
    if (ts.isCallExpression(node) && isLogCall(node)) return
    if (ts.isJsxElement(node) || ts.isJsxFragment(node)) {
      const hasText = node.children.some((child) => ts.isJsxText(child) && /\w/.test(child.text))
      if (hasText) add(node, node.children.map(jsxChildText).join(''))
    } else if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      if (!isJsxChild(node)) add(node, node.text)
    } else if (ts.isTemplateExpression(node)) {
      add(
        node,
        node.head.text + node.templateSpans.map((span) => `{}${span.literal.text}`).join(''),
      )
    }
    ts.forEachChild(node, visit)
  }
  visit(sourceFile)
  return found
}

/** `console.error(...)`, `log.warn(...)`, `app.log.info(...)`: a line of the log, for the operator. */
function isLogCall(call: ts.CallExpression): boolean {
  const callee = call.expression
  if (!ts.isPropertyAccessExpression(callee)) return false
  const target = callee.expression
  const name = ts.isIdentifier(target)
    ? target.text
    : ts.isPropertyAccessExpression(target)
      ? target.name.text
      : ''
  return ['console', 'log', 'logger'].includes(name)
}

/** `{'words'}` between tags: read as part of its element's text. */
function isJsxChild(node: ts.Node): boolean {
  const { parent } = node
  return (
    ts.isJsxExpression(parent) &&
    (ts.isJsxElement(parent.parent) || ts.isJsxFragment(parent.parent))
  )
}

/** A JSX child as it reads in its element's sentence: text as written, anything else as `{}`. */
function jsxChildText(child: ts.JsxChild): string {
  if (ts.isJsxText(child)) return child.text
  const expression = ts.isJsxExpression(child) ? child.expression : undefined
  if (expression && ts.isStringLiteral(expression)) return expression.text
  return '{}'
}

/** `src/core/**\/*-mail.ts` as a test of a path. */
function globPattern(glob: string): RegExp {
  const pattern = glob
    .split('**/')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*'))
    .join('(?:.*/)?')
  return new RegExp(`^${pattern}$`)
}

const isTextModule = (file: string) =>
  Object.keys(textModules).some((glob) => globPattern(glob).test(file))

/** Sentences that stay where they are, and why. Short on purpose. */
const exceptions: Record<string, string[]> = {
  // Refusals to start, worded beside the setting or lock they name; docs/deploy.md quotes them.
  'src/server/config.ts': [
    'Refusing to start: the test checkout (no real payments) would be reachable {}. Set PAYMENTS=stripe and STRIPE_SECRET_KEY for real payments, or ALLOW_TEST_CHECKOUT=true for a public test site.',
  ],
  'src/server/adapters/data-folder.ts': [
    'DATA_DIR {} is not a folder.',
    'DATA_DIR {} belongs to another user (uid {}): start the server as its owner, or give it a folder of its own.',
    'DATA_DIR {} may be written by other users of this machine: run `{}` and start again.',
    'DATA_DIR {} holds {} and may be read by other users of this machine: run `{}` (and check who read it), then start again.',
  ],
  'src/server/adapters/db/data-folder-lock.ts': [
    'The embedded database in {} is in use by another process (pid {}, most likely the server){}. Stop the server, run the command, then start the server again; or set DATABASE_URL to PostgreSQL, which the server and these commands can share. (If no such process runs, delete {}.)',
  ],
  // Read by a load balancer, not a person.
  'src/server/plugins/health.ts': ['The database is not answering.'],
}

function sourceFiles(): string[] {
  return readdirSync(path.join(root, 'src'), { recursive: true })
    .map((file) => `src/${String(file).split(path.sep).join('/')}`)
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
}

test('every user-facing sentence under src/ is in a text module that texts.ts lists', () => {
  const outside: string[] = []
  for (const file of sourceFiles()) {
    if (isTextModule(file)) continue
    const allowed = exceptions[file] ?? []
    const found = sentencesIn(file, readFileSync(path.join(root, file), 'utf8')).filter(
      (item) => !allowed.includes(item.sentence),
    )
    outside.push(...found.map((item) => `${item.file}:${item.line}: ${item.sentence}`))
  }
  expect(outside).toEqual([])
})

test('no sentence is written twice: a second use imports the first', () => {
  const seen = new Map<string, string[]>()
  for (const file of sourceFiles()) {
    if (file.startsWith('src/cli/')) continue
    for (const item of sentencesIn(file, readFileSync(path.join(root, file), 'utf8'))) {
      seen.set(item.sentence, [...(seen.get(item.sentence) ?? []), `${file}:${item.line}`])
    }
  }
  const twice = [...seen].filter(([, where]) => where.length > 1)
  expect(Object.fromEntries(twice)).toEqual({})
})

test("texts.ts's list names modules that exist, and the exceptions sentences that are there", () => {
  const files = sourceFiles()
  for (const glob of Object.keys(textModules)) {
    expect(
      files.some((file) => globPattern(glob).test(file)),
      glob,
    ).toBe(true)
  }
  for (const [file, sentences] of Object.entries(exceptions)) {
    const there = sentencesIn(file, readFileSync(path.join(root, file), 'utf8'))
    for (const sentence of sentences) {
      expect(
        there.map((item) => item.sentence),
        file,
      ).toContain(sentence)
    }
  }
})

test('a sentence planted outside the text modules is found, wherever it is written', () => {
  const planted = `
    const answer = { message: 'Your order is on its way.' }
    const late = \`Sorry, \${name}: the show starts late tonight!\`
    export const Note = () => <p>Write to <a href="/contact">us</a> with your order.</p>
    const notSentences = ['Buy', 'ffr-10', 'Add to Cart', 'a sentence in lower case.']
    throw new Error('The database is gone.')
  `
  expect(sentencesIn('src/web/pages/store/note.tsx', planted)).toEqual([
    { file: 'src/web/pages/store/note.tsx', line: 2, sentence: 'Your order is on its way.' },
    {
      file: 'src/web/pages/store/note.tsx',
      line: 3,
      sentence: 'Sorry, {}: the show starts late tonight!',
    },
    {
      file: 'src/web/pages/store/note.tsx',
      line: 4,
      sentence: 'Write to {} with your order.',
    },
  ])
  expect(isTextModule('src/web/pages/store/note.tsx')).toBe(false)
  expect(isTextModule('src/core/checkout/codes-mail.ts')).toBe(true)
})
