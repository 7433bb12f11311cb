// Runs `npm run admin -- ...` in-process against a test app's database and clock, for the commands'
// tests.
import { runAdmin } from '../../src/cli/admin'
import type { TestContext } from './test-app'

/** What one `npm run admin -- ...` run printed: exit code, lines on each output, the log as text. */
export interface AdminRun {
  code: number
  log: string[]
  error: string[]
  /** Every line on either output, in the order printed. */
  lines: string[]
  text: string
}

/**
 * Runs `npm run admin -- ...` against the test app's database and clock, with no payment
 * provider unless `withPayments`: the commands' tests read what it printed.
 */
export async function runAdminCommand(
  t: Pick<TestContext, 'db' | 'clock' | 'payments'>,
  argv: string[],
  options: { withPayments?: boolean; publicUrl?: string } = {},
): Promise<AdminRun> {
  const out = { log: [] as string[], error: [] as string[], lines: [] as string[] }
  const print = (to: string[]) => (line: string) => {
    to.push(line)
    out.lines.push(line)
  }
  const code = await runAdmin(argv, {
    db: t.db,
    clock: t.clock,
    ...(options.withPayments ? { payments: () => t.payments } : {}),
    ...(options.publicUrl ? { console: { publicUrl: options.publicUrl, adminEmails: [] } } : {}),
    out: { log: print(out.log), error: print(out.error) },
  })
  return { code, ...out, text: out.log.join('\n') }
}
