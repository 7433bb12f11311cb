/**
 * `npm run bench:pages`: Lighthouse on / (rendered per request, with the shows), /store and the next show's page
 * (pre-rendered) of the real server, and on a static yardstick page, as a phone
 * sees them (Lighthouse's default mobile profile and simulated throttling), in the tests'
 * Chromium (test/support/chromium.ts: Debian's whole browser where installed, as a fan's). Each page runs several times
 * and the MEDIAN of every figure is reported, because the machine is shared and single runs are
 * noisy.
 *
 * Expects a build (dist/client): it measures what `npm start` serves and builds nothing itself.
 * Writes every run's figures and the median run's full report under bench/results/.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse, { type Result } from 'lighthouse'
import { chromiumArgs, chromiumPath } from '#test/chromium'
import { signInOverHttp } from '#test/console'
import { startServer } from '#test/server'
import { openDatabase } from '../src/server/adapters/db/database'
import { reminderPaths } from '../src/shared/reminders'
import { showPath } from '../src/shared/schedule'

const runsPerPage = Number(process.env.LIGHTHOUSE_RUNS ?? 3)
/** `LIGHTHOUSE_ONLY=new`: the newest pages alone (a show's page, the reminders' pages). */
const onlyNew = process.env.LIGHTHOUSE_ONLY === 'new'
/** The fans' pages measured: the landing page, the store, and (added once the server runs) a show's page. */
const pages = onlyNew ? [] : ['/', '/store']
/**
 * The host's console, signed in (its session cookie sent with every request): measured and
 * reported, held to 100 in accessibility and best practices. Its pages say noindex, which costs
 * SEO points on purpose, and it is rendered in the browser, so its LCP has no target.
 */
const consolePages = ['/admin/sign-in', '/admin', '/admin/orders']
const consoleHost = 'bench.host@example.com'
/**
 * The pages of reminders, rendered by the server with plain forms and no script: the
 * next show's /remind form and the page where an address manages what it receives (its token
 * read from the database once the first server has stopped). All four categories held to 100.
 */
const plainPages: string[] = []
const reminderFan = 'bench.fan@example.com'
/**
 * The yardstick of each page is its static twin: the very HTML the server sends for it, every
 * <script> and module preload taken out, served by the same server in the same run as a file.
 * What the page costs beyond its twin is the cost of its JavaScript, whatever the machine's mood.
 * (.htm, not .html: the server sends its .html files only through their page routes.)
 */
const twinFile = (page: string) =>
  `bench-twin-${page === '/' ? 'landing' : page.slice(1).replaceAll('/', '-')}.htm`

/** The page's HTML with every script and module preload removed. */
export function staticTwin(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
    .replace(/<link\b[^>]*\brel="modulepreload"[^>]*>/gi, '')
}

const categories = ['performance', 'best-practices', 'accessibility', 'seo'] as const
type Category = (typeof categories)[number]

const minimumScore = 100
/** The first paint's targets (docs/decisions/020-first-paint-then-scripts.md), against the page's twin: LCP within 0.1 s, TBT within 50 ms, no shift. */
const maximumLcpOverTwinMs = 100
const maximumTbtOverTwinMs = 50
const maximumCls = 0
/** The landing page's total transfer budget, in bytes (300 KB). */
const maximumLandingBytes = 300_000
const resultsDir = 'bench/results'

function byCategory(value: (category: Category) => number): Record<Category, number> {
  return {
    performance: value('performance'),
    'best-practices': value('best-practices'),
    accessibility: value('accessibility'),
    seo: value('seo'),
  }
}

interface RunFigures {
  scores: Record<Category, number>
  lcpMs: number
  /** Total Blocking Time. */
  tbtMs: number
  /** Cumulative Layout Shift. */
  cls: number
  transferBytes: number
  /** Audits that cost points: id, score and Lighthouse's one-line display value. */
  losses: string[]
}

function figures(lhr: Result): RunFigures {
  const scores = byCategory((category) => {
    const score = lhr.categories[category]?.score
    if (typeof score !== 'number') throw new Error(`Lighthouse gave no ${category} score`)
    return Math.round(score * 100)
  })
  const lcp = lhr.audits['largest-contentful-paint']?.numericValue
  const bytes = lhr.audits['total-byte-weight']?.numericValue
  const tbt = lhr.audits['total-blocking-time']?.numericValue
  const cls = lhr.audits['cumulative-layout-shift']?.numericValue
  if (
    typeof lcp !== 'number' ||
    typeof bytes !== 'number' ||
    typeof tbt !== 'number' ||
    typeof cls !== 'number'
  ) {
    throw new Error(`Lighthouse gave no LCP or byte weight: ${lhr.runtimeError?.message ?? ''}`)
  }
  const losses = Object.values(lhr.audits)
    .filter(
      (audit) =>
        typeof audit.score === 'number' &&
        audit.score < 1 &&
        (audit.scoreDisplayMode === 'binary' ||
          audit.scoreDisplayMode === 'metricSavings' ||
          audit.scoreDisplayMode === 'numeric'),
    )
    .map(
      (audit) =>
        `${audit.id} (${Math.round((audit.score ?? 0) * 100)})${
          audit.displayValue ? `: ${audit.displayValue}` : ''
        }`,
    )
  return { scores, lcpMs: lcp, tbtMs: tbt, cls, transferBytes: bytes, losses }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}

interface PageResult {
  page: string
  runs: RunFigures[]
  median: {
    scores: Record<Category, number>
    lcpMs: number
    tbtMs: number
    cls: number
    transferBytes: number
  }
  /** The run whose performance score is the median one: its losses are the ones shown. */
  medianRun: RunFigures
}

async function measure(
  url: string,
  port: number,
  page: string,
  headers?: Record<string, string>,
): Promise<PageResult> {
  const runs: { figures: RunFigures; lhr: Result }[] = []
  for (let attempt = 1; runs.length < runsPerPage; attempt++) {
    const result = await lighthouse(`${url}${page}`, {
      port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: [...categories],
      ...(headers ? { extraHeaders: headers } : {}),
    })
    if (!result) throw new Error(`Lighthouse returned nothing for ${page}`)
    const failure = result.lhr.runtimeError
    if (failure) {
      // A lost trace (NO_NAVSTART and the like) happens now and then on a busy machine, and
      // Lighthouse's own advice is to run again; a page that keeps failing is reported.
      if (attempt - runs.length > 2) {
        throw new Error(`Lighthouse failed on ${page}: ${failure.code} ${failure.message}`)
      }
      process.stdout.write('x')
      continue
    }
    runs.push({ figures: figures(result.lhr), lhr: result.lhr })
    process.stdout.write('.')
  }
  const scores = byCategory((category) => median(runs.map((run) => run.figures.scores[category])))
  const byPerformance = [...runs].sort(
    (a, b) => a.figures.scores.performance - b.figures.scores.performance,
  )
  const middle = byPerformance[Math.floor(byPerformance.length / 2)]
  if (!middle) throw new Error('no Lighthouse runs')
  fs.writeFileSync(
    path.join(
      resultsDir,
      `lighthouse-${
        page === '/'
          ? 'landing'
          : page
              .slice(1)
              .replace(/\.html?$/, '')
              .replace(/[?&]token=.*/, '')
              .replaceAll(/[^\w.-]+/g, '-')
      }.report.json`,
    ),
    JSON.stringify(middle.lhr),
  )
  return {
    page,
    runs: runs.map((run) => run.figures),
    median: {
      scores,
      lcpMs: median(runs.map((run) => run.figures.lcpMs)),
      tbtMs: median(runs.map((run) => run.figures.tbtMs)),
      cls: median(runs.map((run) => run.figures.cls)),
      transferBytes: median(runs.map((run) => run.figures.transferBytes)),
    },
    medianRun: middle.figures,
  }
}

function table(pairs: { result: PageResult; twin: PageResult }[]): {
  lines: string[]
  allPass: boolean
} {
  const rows: string[][] = []
  let allPass = true
  const add = (page: string, figure: string, value: string, target: string, pass: boolean) => {
    allPass &&= pass
    rows.push([page, figure, value, target, pass ? 'PASS' : 'MISS'])
  }
  const ms = (value: number) => `${Math.round(value)} ms`
  const over = (value: number, twin: number) =>
    `${value - twin >= 0 ? '+' : '-'}${Math.round(Math.abs(value - twin))} ms`
  for (const { result, twin } of pairs) {
    const { page, median: m } = result
    const t = twin.median
    for (const category of categories) {
      const score = m.scores[category]
      add(
        page,
        category,
        `${score} (twin ${t.scores[category]})`,
        `>= ${minimumScore}`,
        score >= minimumScore,
      )
    }
    const performances = result.runs.map((run) => run.scores.performance)
    add(
      page,
      'performance, every run',
      performances.join(', '),
      `all >= ${minimumScore}`,
      performances.every((score) => score >= minimumScore),
    )
    const timings = [
      ['LCP', m.lcpMs, t.lcpMs, maximumLcpOverTwinMs],
      ['TBT', m.tbtMs, t.tbtMs, maximumTbtOverTwinMs],
    ] as const
    for (const [figure, value, twinValue, limit] of timings) {
      add(
        page,
        figure,
        `${ms(value)} (twin ${ms(twinValue)}, ${over(value, twinValue)})`,
        `<= twin + ${limit} ms`,
        value - twinValue <= limit,
      )
    }
    add(
      page,
      'CLS',
      `${m.cls.toFixed(3)} (twin ${t.cls.toFixed(3)})`,
      `${maximumCls}`,
      m.cls <= maximumCls,
    )
    const kb = `${(m.transferBytes / 1000).toFixed(1)} KB`
    if (page === '/') add(page, 'transfer', kb, '< 300 KB', m.transferBytes < maximumLandingBytes)
    else rows.push([page, 'transfer', kb, '-', ''])
  }
  return { lines: aligned(rows), allPass }
}

/**
 * The console's pages: 100 in accessibility and best practices (`held`); the rest as measured.
 * The reminders' pages: 100 in every category.
 */
function consoleTable(
  results: PageResult[],
  held: readonly Category[] = ['accessibility', 'best-practices'],
): { lines: string[]; allPass: boolean } {
  const rows: string[][] = []
  let allPass = true
  for (const { page: address, median: m } of results) {
    const page = address.replace(/token=.*/, 'token=…')
    for (const category of categories) {
      const isHeld = held.includes(category)
      const pass = m.scores[category] >= minimumScore
      if (isHeld) allPass &&= pass
      rows.push([
        page,
        category,
        String(m.scores[category]),
        isHeld ? `>= ${minimumScore}` : '-',
        isHeld ? (pass ? 'PASS' : 'MISS') : '',
      ])
    }
    rows.push([page, 'LCP', `${(m.lcpMs / 1000).toFixed(2)} s`, '-', ''])
    rows.push([page, 'transfer', `${(m.transferBytes / 1000).toFixed(1)} KB`, '-', ''])
  }
  return { lines: aligned(rows), allPass }
}

function aligned(rows: string[][]): string[] {
  const header = ['page', 'figure', `median of ${runsPerPage}`, 'target', '']
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)))
  const line = (r: string[]) =>
    r
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd()
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)]
}

/** The manage page of the address that asked for a reminder, from its token in the stopped server's database. */
async function managePage(dataDir: string): Promise<string> {
  const db = await openDatabase({ dataDir })
  try {
    const row = await db
      .selectFrom('subscribers')
      .select('manage_token')
      .where('email', '=', reminderFan)
      .executeTakeFirstOrThrow()
    return `${reminderPaths.manage}?token=${encodeURIComponent(row.manage_token)}`
  } finally {
    await db.destroy()
  }
}

/** Runs the page benchmark and prints its table; resolves to whether every figure passed. */
async function benchPages(): Promise<boolean> {
  if (!fs.existsSync('dist/client/index.html')) {
    console.error('bench:pages: no build in dist/client: run npm run build first')
    process.exit(1)
  }
  fs.mkdirSync(resultsDir, { recursive: true })
  // The twins are files, and the server makes its static routes from the files there when it
  // starts: a first server sends the pages, a second one (same data) serves them and their twins.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'punchline-bench-pages-'))
  const env = { LOG_LEVEL: 'error', ADMIN_EMAILS: consoleHost }
  const twinFiles: string[] = []
  const first = await startServer(env, { dataDir })
  try {
    // The next show's page: rendered per request, like a comic's.
    const shows = (await (await fetch(`${first.url}/api/schedule`)).json()) as { id: string }[]
    if (shows[0]) {
      pages.push(showPath(shows[0].id))
      plainPages.push(`${reminderPaths.remind}?show=${encodeURIComponent(shows[0].id)}`)
      const asked = await fetch(`${first.url}${reminderPaths.remind}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ show: shows[0].id, email: reminderFan }).toString(),
      })
      if (!asked.ok) throw new Error(`${reminderPaths.remind} answered ${asked.status}`)
    }
    for (const page of pages) {
      const response = await fetch(`${first.url}${page}`)
      if (!response.ok) throw new Error(`${page} answered ${response.status}`)
      const file = path.join('dist/client', twinFile(page))
      fs.writeFileSync(file, staticTwin(await response.text()))
      twinFiles.push(file)
    }
  } finally {
    await first.stop()
  }
  if (plainPages.length > 0) plainPages.push(await managePage(dataDir))
  // The whole browser where it is installed, as a fan's Chrome: the tests' headless shell is second.
  const browser = chromiumPath(['/usr/bin/chromium', '/usr/bin/chromium-headless-shell'])
  const server = await startServer(env, { dataDir })
  let chrome: chromeLauncher.LaunchedChrome | undefined
  try {
    chrome = await chromeLauncher.launch({
      chromePath: browser,
      chromeFlags: chromiumArgs,
      logLevel: 'silent',
    })
    console.log(
      `bench:pages: Lighthouse (mobile, simulated throttling), ${runsPerPage} runs per page`,
    )
    const pairs: { result: PageResult; twin: PageResult }[] = []
    for (const page of pages) {
      // Page and twin one after the other, so both meet the same machine.
      process.stdout.write(`  ${page} `)
      const result = await measure(server.url, chrome.port, page)
      process.stdout.write(`\n  ${page} (twin) `)
      const twin = await measure(server.url, chrome.port, `/${twinFile(page)}`)
      process.stdout.write('\n')
      pairs.push({ result, twin })
    }
    const plainResults: PageResult[] = []
    for (const page of plainPages) {
      process.stdout.write(`  ${page.replace(/token=.*/, 'token=…')} `)
      plainResults.push(await measure(server.url, chrome.port, page))
      process.stdout.write('\n')
    }
    const { cookie } = await signInOverHttp(server, consoleHost)
    const consoleResults: PageResult[] = []
    for (const page of onlyNew ? [] : consolePages) {
      process.stdout.write(`  ${page} `)
      consoleResults.push(await measure(server.url, chrome.port, page, { cookie }))
      process.stdout.write('\n')
    }
    const results = pairs.map((pair) => pair.result)
    const site = table(pairs)
    const consoleFigures = consoleTable(consoleResults)
    const plainFigures = consoleTable(plainResults, categories)
    const allPass = site.allPass && consoleFigures.allPass && plainFigures.allPass
    console.log(
      `\n${site.lines.join('\n')}\n\nthe reminders' pages:\n${plainFigures.lines.join('\n')}\n\nthe console, signed in:\n${consoleFigures.lines.join('\n')}`,
    )
    for (const { page, medianRun } of [...results, ...plainResults, ...consoleResults]) {
      if (medianRun.losses.length > 0) {
        console.log(`\naudits that cost points on ${page} (median run):`)
        for (const loss of medianRun.losses) console.log(`  ${loss}`)
      }
    }
    const file = path.join(
      resultsDir,
      `lighthouse-${new Date().toISOString().replaceAll(':', '-')}.json`,
    )
    fs.writeFileSync(
      file,
      JSON.stringify(
        {
          date: new Date().toISOString(),
          chromium: browser,
          runsPerPage,
          targets: {
            minimumScore,
            maximumLcpOverTwinMs,
            maximumTbtOverTwinMs,
            maximumCls,
            maximumLandingBytes,
          },
          allPass,
          pages: pairs,
          console: consoleResults,
          reminders: plainResults,
        },
        null,
        2,
      ),
    )
    console.log(`\nbench:pages: figures written to ${file}`)
    return allPass
  } finally {
    chrome?.kill()
    await server.stop()
    for (const file of twinFiles) fs.rmSync(file, { force: true })
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

benchPages().catch((error) => {
  console.error(error)
  process.exit(1)
})
