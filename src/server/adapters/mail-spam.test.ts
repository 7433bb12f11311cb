import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { asSent, sampleMails } from '#test/sample-mails'
import { createMailer } from './mailer'

// Every mail, as this mailer writes it (the .eml of a machine without SMTP: the same bytes an
// SMTP server gets), scored by SpamAssassin's local rules: at or below 0, so the layout, the
// links and the words trip no filter. Needs `spamassassin` (Debian's package, which .ci/run
// installs): with CI=true it always runs, and fails without it; elsewhere it is skipped without.

const spamassassin = ['/usr/bin/spamassassin', '/usr/local/bin/spamassassin'].find((file) =>
  fs.existsSync(file),
)
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

test.skipIf(!spamassassin && process.env.CI !== 'true').each(Object.keys(sampleMails))(
  'the %s mail scores at most 0 with SpamAssassin',
  async (name) => {
    const mail = sampleMails[name]
    if (!mail) throw new Error(`no sample mail ${name}`)
    if (!spamassassin)
      throw new Error('spamassassin is not installed: apt-get install spamassassin')
    const dir = path.join(mailDir, name.replace(/\W/g, '-'))
    await createMailer({
      smtpUrl: undefined,
      from: 'Punchline VR <codes@punchlinevr.club>',
      mailDir: dir,
    }).send(asSent(mail))
    const [file] = fs.readdirSync(dir)
    const eml = fs.readFileSync(path.join(dir, file ?? ''))
    const report = execFileSync(spamassassin, ['-t', '-L'], { input: eml }).toString()
    const { score, rules } = spamScore(report.slice(report.indexOf('Content analysis details')))
    expect(rules.length, report).toBeGreaterThan(0)
    expect(score, rules.join(', ')).toBeLessThanOrEqual(0.0001)
  },
  60_000,
)
