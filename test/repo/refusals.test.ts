// A route or plugin never writes a refusal's status by hand: it throws a Refusal (src/core/refusal.ts)
// and the error plugin answers it (docs/decisions/021-refusals-and-route-schemas.md).
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'

const root = fileURLToPath(new URL('../..', import.meta.url))
const folders = ['src/server']

/** Where statuses are written on purpose: the one mapping of refusals, and Fastify's own errors. */
const mapping = 'src/server/plugins/errors.ts'

/** Files allowed to write a refusal by hand (none today); each must still need it. */
const exceptions: string[] = []

/** The text of the call starting at `open` (a `(`), with its parentheses, strings skipped. */
function balanced(source: string, open: number): string {
  let depth = 0
  let quote: string | undefined
  for (let i = open; i < source.length; i++) {
    const char = source[i]
    if (quote) {
      if (char === '\\') i++
      else if (char === quote) quote = undefined
    } else if (char === "'" || char === '"' || char === '`') quote = char
    else if (char === '(') depth++
    else if (char === ')' && --depth === 0) return source.slice(open, i + 1)
  }
  return source.slice(open)
}

/** `.status(...)` and every `.method(...)` chained after it, up to the end of the chain. */
function chainFrom(source: string, start: number): string {
  let end = start
  for (;;) {
    const next = /^\s*\.\s*[A-Za-z]\w*\s*\(/.exec(source.slice(end))
    if (!next) return source.slice(start, end)
    const open = end + next[0].length - 1
    end = open + balanced(source, open).length
  }
}

/**
 * Each statement of `source` that answers a refusal by hand: a reply given a 4xx status (a
 * literal, or a computed one sent with a `{ message }`). A page sent with its status (HTML) is a
 * page, not a refusal.
 */
function handWrittenRefusals(source: string): string[] {
  const found: string[] = []
  for (const match of source.matchAll(/\.(?:status|code)\s*\(/g)) {
    const open = match.index + match[0].length - 1
    const status = balanced(source, open).slice(1, -1).trim()
    const chain = chainFrom(source, match.index)
    const isPage = /text\/html/.test(chain)
    const literal4xx = /^4\d\d$/.test(status)
    const computed = !/^\d+$/.test(status)
    if ((literal4xx && !isPage) || (computed && /\.send\(\s*\{[^}]*\bmessage\b/.test(chain))) {
      found.push(chain.replace(/\s+/g, ' ').trim())
    }
  }
  for (const match of source.matchAll(/(?:statusCode\s*=|writeHead\s*\()\s*4\d\d\b/g)) {
    found.push(match[0])
  }
  return found
}

function sourceFiles(): string[] {
  return folders.flatMap((folder) =>
    readdirSync(path.join(root, folder), { recursive: true })
      .map(String)
      .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
      .map((name) => `${folder}/${name}`),
  )
}

test('the check finds a hand-written refusal, however it is written, and lets pages and 2xx be', () => {
  const refusals = [
    `return reply.status(404).send({ message: 'Not found.' })`,
    `return reply\n  .code(429)\n  .header('retry-after', '30')\n  .send({ message })`,
    `return reply.status(priced.status).send({ message: priced.message })`,
    `reply.status(notFound ? 404 : 400).send({ message: error.message })`,
    'return reply.status(401).send()',
    'reply.statusCode = 403',
  ]
  for (const source of refusals) expect(handWrittenRefusals(source), source).toHaveLength(1)
  const fine = [
    `throw refuse.notFound('Not found.')`,
    `return reply.status(404).type('text/html; charset=utf-8').send(shell)`,
    `return reply.status(202).send({ message: waiting[found.kind] })`,
    'return reply.code(201).send({ ok: true })',
    `return reply.status(status).header('cache-control', 'no-store').send(view)`,
    `reply.status(503).send({ status: 'unavailable', message: 'The database is not answering.' })`,
    'sendHtml(reply, 404, renderPayNotFoundPage())',
  ]
  for (const source of fine) expect(handWrittenRefusals(source), source).toEqual([])
})

test('no route or plugin writes a refusal by hand: each throws a Refusal', () => {
  const files = sourceFiles()
  expect(files).toContain('src/server/routes/checkout-routes.ts')
  const offenders = files
    .filter((file) => file !== mapping && !exceptions.includes(file))
    .flatMap((file) =>
      handWrittenRefusals(readFileSync(path.join(root, file), 'utf8')).map(
        (found) => `${file}: ${found}`,
      ),
    )
  expect(offenders).toEqual([])
})

test('every exception is still needed (an exception converted leaves the list)', () => {
  const stale = exceptions.filter((file) => {
    const source = sourceFiles().includes(file) ? readFileSync(path.join(root, file), 'utf8') : ''
    return handWrittenRefusals(source).length === 0
  })
  expect(stale).toEqual([])
})
