// Citations that stay true: comments cite the repository's own documents (docs/*.md) by path and
// heading, and nothing cites a document a reader of the repository cannot open. The paths that
// comments and documents name exist, and nothing points at an issue by its number (the tracker is
// not in the repository). A renamed heading
// or a moved document fails here, naming file:line, instead of leaving a comment that points nowhere.
// The decision records' headers (date, status, issue) are checked here too, for the same reason.
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'

const root = fileURLToPath(new URL('../..', import.meta.url))

interface SourceFile {
  /** Relative to the repository's root, with forward slashes. */
  path: string
  text: string
}

interface Finding {
  file: string
  line: number
  problem: string
}

/** A document's headings (`#` to `###`), or undefined when there is no such document. */
type HeadingsOf = (docPath: string) => ReadonlySet<string> | undefined

/** file:line: problem, the way a failure names each finding. */
function formatFinding(finding: Finding): string {
  return `${finding.file}:${finding.line}: ${finding.problem}`
}

/**
 * The headings of a Markdown text, exactly as written after the hashes. Lines inside fenced code
 * blocks are skipped: a shell comment in an example (`# restore`) is not a heading.
 */
function markdownHeadings(markdown: string): Set<string> {
  const headings = new Set<string>()
  let fenced = false
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced
    if (fenced) continue
    const heading = /^#{1,3} (.+?)\s*$/.exec(line)
    if (heading?.[1]) headings.add(heading[1])
  }
  return headings
}

// A document path as the repository's root sees it, e.g. docs/kiosk.md or a record under
// docs/decisions/. Not preceded by a path character, so a docs folder elsewhere is left alone.
const docPath = /(?<![\w./-])docs\/[\w./-]*?\.md(?![\w-])/g
// A citation: the path, a comma, the heading in double quotes. The heading may wrap onto the next
// comment line, so the quotes may hold a line break (at most a short heading's length).
const citation = /(?<![\w./-])(docs\/[\w./-]*?\.md), "([^"]{1,200})"/g
// A line break and the comment leader of the next line (` * `, `// `, `# `, `{/* `), as a space.
const commentWrap = /\s*\n\s*(?:\*(?!\/)|\/\/|#|\{\/\*)?\s*/g

// Documents that are not in the repository: a reader cannot open them, so nothing may cite them.
const outsideDocuments: { pattern: RegExp; what: string }[] = [
  { pattern: /\b(DESIGN|STYLE)\.md\b/g, what: 'a document outside the repository' },
  { pattern: /\b[Ss]pec sections? \d/g, what: 'a section of the spec, not in the repository' },
  { pattern: /\b[Ss]pec \d+(?:\.\d+)*/g, what: 'a section of the spec, not in the repository' },
  { pattern: /\([Ss]pec, "[^"\n]*"?\)?/g, what: 'a heading of the spec, not in the repository' },
]

function lineAt(text: string, index: number): number {
  let line = 1
  for (let i = 0; i < index; i++) if (text.charCodeAt(i) === 10) line++
  return line
}

/** Every broken or outside citation in `files`, in file order, then line order. */
function checkCitations(files: readonly SourceFile[], headingsOf: HeadingsOf): Finding[] {
  const findings: Finding[] = []
  for (const file of files) {
    const found: Finding[] = []
    const at = (index: number, problem: string) =>
      found.push({ file: file.path, line: lineAt(file.text, index), problem })

    for (const match of file.text.matchAll(docPath)) {
      if (!headingsOf(match[0])) at(match.index ?? 0, `${match[0]} does not exist`)
    }
    for (const match of file.text.matchAll(citation)) {
      const [, cited = '', rawHeading = ''] = match
      const headings = headingsOf(cited)
      // A missing document is reported once, by the path check above.
      if (!headings) continue
      const heading = rawHeading.replace(commentWrap, ' ')
      if (!headings.has(heading)) at(match.index ?? 0, `${cited} has no heading "${heading}"`)
    }
    for (const { pattern, what } of outsideDocuments) {
      for (const match of file.text.matchAll(pattern)) {
        at(match.index ?? 0, `"${match[0]}" cites ${what}; cite docs/*.md instead`)
      }
    }
    findings.push(...found.sort((a, b) => a.line - b.line))
  }
  return findings
}

// A path of the repository (src/..., test/..., docs/...), or one under src/ (core/..., web/...).
// Not preceded by a path character; globs and brace lists are left alone.
const codePath =
  /(?<![\w./@#-])((?:src|test|scripts|bench|docs|public)\/[\w./-]*\w|(?:core|server|shared|web|cli)\/[\w./-]*\w)(?![\w*{])/g
// An issue by its number, in any of the usual spellings (with or without "#", plural).
const issueNumber = /\b[Ii]ssues? #?\d+/g

/** The text of a file a reader reads as prose: the comments of code, the whole of a document. */
function proseOf(file: SourceFile): string {
  if (file.path.endsWith('.md')) return file.text
  // Each line's comment, from its leader on; code lines become empty (the line count stays).
  return file.text
    .split('\n')
    .map((line) => {
      const leader = /^\s*(?:\/\/|\*|\/\*|\{\/\*|#(?!!))|\s\/\/\s/.exec(line)
      return leader ? line.slice(leader.index) : ''
    })
    .join('\n')
}

/** True when `named` is a file or folder of the repository, as written or with its extension left off. */
type PathExists = (named: string) => boolean

/** Paths in comments and documents that name nothing, and issues named by number. */
function checkPaths(files: readonly SourceFile[], exists: PathExists): Finding[] {
  const findings: Finding[] = []
  for (const file of files) {
    const prose = proseOf(file)
    for (const match of prose.matchAll(codePath)) {
      const named = (match[1] ?? '').replace(/\.$/, '')
      if (exists(named) || exists(`src/${named}`)) continue
      findings.push({
        file: file.path,
        line: lineAt(prose, match.index ?? 0),
        problem: `${named} does not exist`,
      })
    }
    for (const match of prose.matchAll(issueNumber)) {
      findings.push({
        file: file.path,
        line: lineAt(prose, match.index ?? 0),
        problem: `"${match[0]}" names an issue by its number, which the repository cannot resolve; cite docs/ instead`,
      })
    }
  }
  return findings
}

function repositoryPathExists(named: string): boolean {
  const candidates = [named, `${named}.ts`, `${named}.tsx`, `${named}.md`]
  if (candidates.some((candidate) => existsSync(path.join(root, candidate)))) return true
  // A decision record by its number: docs/decisions/018.
  const record = /^docs\/decisions\/(\d{3})$/.exec(named)?.[1]
  return (
    record !== undefined &&
    readdirSync(path.join(root, 'docs/decisions')).some((name) => name.startsWith(`${record}-`))
  )
}

/** The repository's documents: README.md and every Markdown file under docs/ and bench/. */
function documentFiles(): SourceFile[] {
  const listed = execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', '--', 'README.md', 'docs', 'bench'],
    { cwd: root, encoding: 'utf8' },
  )
  return listed
    .split('\n')
    .filter((file) => file.endsWith('.md') && existsSync(path.join(root, file)))
    .sort()
    .map((file) => ({ path: file, text: readFileSync(path.join(root, file), 'utf8') }))
}

interface DecisionRecord {
  /** The file's name, e.g. "009-shared-counters-and-client-hashes.md". */
  name: string
  text: string
}

/**
 * Each record opens with `# NNN. Title` (NNN its file's number), then, after one blank line,
 * `- Date: YYYY-MM-DD`, `- Status: ...` and `- Issue: "title"` (the issue's title: its number would point at a tracker the repository does
 * not hold). A status is `accepted`,
 * `accepted; ...` or `superseded by NNN ...`, and every record it names exists.
 */
function checkDecisionHeaders(records: readonly DecisionRecord[]): Finding[] {
  const findings: Finding[] = []
  const numbers = new Set(records.map((record) => record.name.slice(0, 3)))
  for (const record of records) {
    const file = `docs/decisions/${record.name}`
    const lines = record.text.split('\n')
    const problem = (line: number, text: string) => findings.push({ file, line, problem: text })
    const number = record.name.slice(0, 3)
    if (!/^\d{3}-/.test(record.name)) {
      problem(1, 'a record file is named NNN-title.md')
      continue
    }
    if (!lines[0]?.startsWith(`# ${number}. `)) {
      problem(1, `the title is not "# ${number}. Title": ${lines[0] ?? ''}`)
      continue
    }
    const expected = [
      { line: 3, label: 'Date', shape: /^- Date: \d{4}-\d{2}-\d{2}$/ },
      { line: 4, label: 'Status', shape: /^- Status: (accepted$|accepted; |superseded by \d{3})/ },
      { line: 5, label: 'Issue', shape: /^- Issue: ".+"$/ },
    ]
    if (lines[1] !== '') problem(2, 'a blank line follows the title')
    for (const { line, label, shape } of expected) {
      const text = lines[line - 1] ?? ''
      if (!shape.test(text))
        problem(line, `expected the ${label} line in its shape, found: ${text}`)
    }
    const date = /^- Date: (.*)$/.exec(lines[2] ?? '')?.[1]
    if (date && Number.isNaN(Date.parse(`${date}T00:00:00Z`))) problem(3, `${date} is no date`)
    const status = lines[3] ?? ''
    for (const superseding of status.matchAll(/superseded by (\d{3})/g)) {
      const by = superseding[1] ?? ''
      if (by === number) problem(4, `record ${number} cannot supersede itself`)
      else if (!numbers.has(by)) problem(4, `record ${by}, named in the status, does not exist`)
    }
  }
  return findings
}

/** Tracked files, and new ones not yet added: a citation is checked before its commit. */
function sourceFiles(): SourceFile[] {
  const listed = execFileSync(
    'git',
    [
      'ls-files',
      '--cached',
      '--others',
      '--exclude-standard',
      '--',
      'src',
      'test',
      'scripts',
      'bench',
      '*.ts',
      '*.tsx',
      '*.mjs',
      '*.css',
      '*.cs',
      '.ci/run',
    ],
    { cwd: root, encoding: 'utf8' },
  )
  const paths = [...new Set(listed.split('\n'))].filter(
    (file) => /\.(ts|tsx|mjs|css|cs)$/.test(file) || file === '.ci/run',
  )
  // A file deleted in the working tree but still in the index (a move under way) has nothing to say.
  return paths
    .filter((file) => existsSync(path.join(root, file)))
    .sort()
    .map((file) => ({ path: file, text: readFileSync(path.join(root, file), 'utf8') }))
}

function repositoryHeadings(): HeadingsOf {
  const cache = new Map<string, ReadonlySet<string> | undefined>()
  return (docPath) => {
    if (!cache.has(docPath)) {
      const file = path.join(root, docPath)
      cache.set(
        docPath,
        existsSync(file) ? markdownHeadings(readFileSync(file, 'utf8')) : undefined,
      )
    }
    return cache.get(docPath)
  }
}

// Built from pieces, so this file's own source holds no citation the real-tree check would flag.
const docs = 'docs'
const decisions = `${docs}/decisions`
const sample: SourceFile = {
  path: 'src/sample.ts',
  text: [
    `/** The kiosk answers 200 (${docs}/kiosk.md, "Redeeming a code"). */`,
    `/** Rollover (${docs}/product.md, "Show times and`,
    ` * rollover"): wrapped onto the next comment line. */`,
    `/** Heading gone (${docs}/kiosk.md, "Redeeming codes"). */`,
    `// See ${docs}/missing.md for the rest.`,
    `// As ${['DESIGN', 'md'].join('.')} says.`,
  ].join('\n'),
}
const sampleDocs: HeadingsOf = (cited) =>
  ({
    [`${docs}/kiosk.md`]: new Set(['Redeeming a code', 'The live feed']),
    [`${docs}/product.md`]: new Set(['Show times and rollover']),
  })[cited]

test('the checker finds a missing heading, a missing document and an outside document', () => {
  expect(checkCitations([sample], sampleDocs).map(formatFinding)).toEqual([
    `src/sample.ts:4: ${docs}/kiosk.md has no heading "Redeeming codes"`,
    `src/sample.ts:5: ${docs}/missing.md does not exist`,
    `src/sample.ts:6: "${['DESIGN', 'md'].join('.')}" cites a document outside the repository; cite docs/*.md instead`,
  ])
})

test('the checker reports each spelling of a spec reference', () => {
  const spec = 'spec'
  const file: SourceFile = {
    path: 'src/spec-sample.ts',
    text: [
      `// ${spec} section 9`,
      `// ${spec[0]?.toUpperCase()}${spec.slice(1)} sections 1 and 9`,
      `// (${spec} 7.3)`,
      `// (${spec}, "Info and policies")`,
      `// a ${spec}ification, not a citation`,
    ].join('\n'),
  }
  expect(checkCitations([file], sampleDocs).map((finding) => finding.line)).toEqual([1, 2, 3, 4])
})

test('markdownHeadings reads #, ## and ### lines, not those in code blocks', () => {
  const markdown = ['# Title', '## Section', '### `/`: a page', '```sh', '# a comment', '```'].join(
    '\n',
  )
  expect([...markdownHeadings(markdown)]).toEqual(['Title', 'Section', '`/`: a page'])
})

test('the decision checker finds a missing header, a bad status and a missing superseding record', () => {
  const header = (title: string, status: string) =>
    `${title}\n\n- Date: 2026-11-22\n- Status: ${status}\n- Issue: "The purchase loop"\n\n## Context\n`
  const records: DecisionRecord[] = [
    { name: '001-one.md', text: header('# 001. One', 'accepted; partly superseded by 002 (x)') },
    { name: '002-two.md', text: header('# 002. Two', 'accepted') },
    { name: '003-three.md', text: '# 003. Three\n\n## Context\n' },
    { name: '004-four.md', text: header('# 004. Four', 'maybe') },
    { name: '005-five.md', text: header('# 005. Five', 'superseded by 009') },
  ]
  expect(checkDecisionHeaders(records).map(formatFinding)).toEqual([
    `${decisions}/003-three.md:3: expected the Date line in its shape, found: ## Context`,
    `${decisions}/003-three.md:4: expected the Status line in its shape, found: `,
    `${decisions}/003-three.md:5: expected the Issue line in its shape, found: `,
    `${decisions}/004-four.md:4: expected the Status line in its shape, found: - Status: maybe`,
    `${decisions}/005-five.md:4: record 009, named in the status, does not exist`,
  ])
})

test('the path checker finds a path that names nothing, in comments only, and an issue number', () => {
  const file: SourceFile = {
    path: 'src/paths-sample.ts',
    text: [
      `// The kiosk's answers (${'core'}/kiosk/kiosk-answer.ts) and ${'src'}/gone/away.ts.`,
      `const sample = '${'src'}/only/in/code.ts'`,
      ` * As ${'issue'} 19 asked.`,
    ].join('\n'),
  }
  const exists = (named: string) => named === 'src/core/kiosk/kiosk-answer.ts'
  expect(checkPaths([file], exists).map(formatFinding)).toEqual([
    `src/paths-sample.ts:1: ${'src'}/gone/away.ts does not exist`,
    `src/paths-sample.ts:3: "${'issue'} 19" names an issue by its number, which the repository cannot resolve; cite docs/ instead`,
  ])
})

/** A decision record wholly superseded tells what was: the files it names may be gone since. */
const isSuperseded = (file: SourceFile) =>
  file.path.startsWith('docs/decisions/') && /^- Status: superseded/m.test(file.text)

test('every path a comment or document names exists, and no issue is named by number', () => {
  const documents = documentFiles().filter((file) => !isSuperseded(file))
  const findings = checkPaths([...sourceFiles(), ...documents], repositoryPathExists)
  expect(findings.map(formatFinding)).toEqual([])
})

test('every citation in the sources names a document and heading of the repository', () => {
  const findings = checkCitations(sourceFiles(), repositoryHeadings())
  expect(findings.map(formatFinding)).toEqual([])
})

/** The decision records, NNN-title.md; the folder's README.md is their index. */
function decisionRecords(): DecisionRecord[] {
  const dir = path.join(root, 'docs/decisions')
  return readdirSync(dir)
    .filter((name) => /^\d{3}-.*\.md$/.test(name))
    .sort()
    .map((name) => ({ name, text: readFileSync(path.join(dir, name), 'utf8') }))
}

test('every decision record opens with its date, status and issue', () => {
  const records = decisionRecords()
  expect(records.length).toBeGreaterThan(0)
  expect(checkDecisionHeaders(records).map(formatFinding)).toEqual([])
})

test("the decisions' index has a line for every record, its status first as the record says", () => {
  const index = readFileSync(path.join(root, 'docs/decisions/README.md'), 'utf8')
  const missing = decisionRecords().flatMap((record) => {
    const status = /^- Status: (accepted|superseded)/m.exec(record.text)?.[1] ?? '?'
    const line = index.split('\n').find((row) => row.includes(`](${record.name})`))
    return line?.startsWith(`| ${status}`) ? [] : [`${record.name} (${status})`]
  })
  expect(missing).toEqual([])
})
