import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { asSent, sampleMails } from '#test/sample-mails'
import { createMailer } from './mailer'

// Every mail, as this mailer writes it (the .eml of a machine without SMTP: the same bytes an
// SMTP server gets), scored by SpamAssassin's local rules: at or below 0, so the layout, the
// links and the words trip no filter. Needs `spamassassin` (Debian's package, which .ci/run
// installs): with CI=true it always runs, and fails without it; elsewhere it is skipped without.

const spamassassin = ['/usr/bin/spamassassin', '/usr/local/bin/spamassassin'].find((file) =>
  fs.existsSync(file),
)
const runs = Boolean(spamassassin) || process.env.CI === 'true'
const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'punchline-spam-'))
afterAll(() => fs.rmSync(mailDir, { recursive: true, force: true }))

/** The sum of the points of every rule that hit, from SpamAssassin's report. */
function spamScore(report: string): { score: number; rules: string[] } {
  const hits = [...report.matchAll(/^\s*(-?\d+(?:\.\d+)?)\s+([A-Z0-9_]+)\s/gm)]
  return {
    score: hits.reduce((sum, hit) => sum + Number(hit[1]), 0),
    rules: hits.map((hit) => `${hit[2]} ${hit[1]}`),
  }
}

const messageId = (mail: string) => /^Message-ID:\s*(<[^>]+>)/im.exec(mail)?.[1]

/** Each sample mail's report, by name: one SpamAssassin run reads them all, as one mbox. */
const reports = new Map<string, string>()
/** Each sample mail as written, by name. */
const written = new Map<string, string>()

beforeAll(async () => {
  for (const [name, mail] of Object.entries(sampleMails)) {
    const dir = path.join(mailDir, name.replace(/\W/g, '-'))
    await createMailer({
      smtpUrl: undefined,
      from: 'Punchline VR <codes@punchlinevr.club>',
      mailDir: dir,
    }).send(asSent(mail))
    const [file] = fs.readdirSync(dir)
    written.set(name, fs.readFileSync(path.join(dir, file ?? ''), 'utf8'))
  }
  if (!runs) return
  if (!spamassassin) throw new Error('spamassassin is not installed: apt-get install spamassassin')
  const names = new Map<string, string>()
  let mbox = ''
  for (const [name, eml] of written) {
    const id = messageId(eml)
    if (!id) throw new Error(`the ${name} mail has no Message-ID`)
    names.set(id, name)
    // An mbox separates mails by lines that start with "From ": a line of the mail that does
    // is quoted, as a mailbox stores it.
    mbox += `From punchline@test Sat Nov 28 01:00:00 2026\n${eml.replace(/\r\n/g, '\n').replace(/^From /gm, '>From ')}\n`
  }
  // Starting SpamAssassin (its rules) costs a second and a half; its reports come in any order.
  const output = execFileSync(spamassassin, ['-t', '-L', '--mbox'], {
    input: mbox,
    maxBuffer: 64 * 1024 * 1024,
  }).toString()
  for (const report of output.split(/^From punchline@test .*$/m).slice(1)) {
    const name = names.get(messageId(report) ?? '')
    if (name) reports.set(name, report)
  }
}, 60_000)

test.skipIf(!runs).each(Object.keys(sampleMails))(
  'the %s mail scores at most 0 with SpamAssassin',
  (name) => {
    const report = reports.get(name)
    if (!report) throw new Error(`SpamAssassin gave no report for the ${name} mail`)
    const { score, rules } = spamScore(report.slice(report.indexOf('Content analysis details')))
    expect(rules.length, report).toBeGreaterThan(0)
    expect(score, rules.join(', ')).toBeLessThanOrEqual(0.0001)
  },
)

test.each(Object.keys(sampleMails))(
  'the %s mail says a machine sent it, and a mail fans subscribed to unsubscribes in one click',
  (name) => {
    // Long header lines are folded (RFC 5322): read each header on one line.
    const eml = (written.get(name) ?? '').replace(/\r?\n[ \t]+/g, ' ')
    expect(eml).toMatch(/^Auto-Submitted: auto-generated$/m)
    const subscribed = name.startsWith('reminder') || name === 'follow news'
    const unsubscribe =
      /^List-Unsubscribe: <(https:\/\/punchlinevr\.club\/api\/unsubscribe\?token=\w+)>$/m
    expect(unsubscribe.test(eml), eml.slice(0, 600)).toBe(subscribed)
    expect(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m.test(eml)).toBe(subscribed)
  },
)
