import { availableParallelism } from 'node:os'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'
import LongestFirst from './test/support/sequencer'

/**
 * The one browser file run alone: /healthz must say 503 within 2 s of the database going away and
 * waits 1.5 s for it, half a second to spare. The other deadlines have more than seconds (an
 * overlay alert within 2 s took 51 ms beside three other files, a stop within 10 s 4.1 s), and
 * layout shifts have none: they run with the rest (docs/decisions/035-the-longest-files-first.md).
 */
const alone = ['test/e2e/operations.test.ts']

export default defineConfig({
  plugins: [react()],
  test: {
    // PostgreSQL from the registry when none answers, the Redis probe and its closing summary.
    globalSetup: ['test/support/global-setup.ts'],
    // The longest files first in each group, by this machine's last run or, in a fresh clone,
    // by test/file-durations.json.
    sequence: { sequencer: LongestFirst },
    // Vitest's default, one worker less than the cores, is one worker on a two-core machine. The
    // unit and server files spend much of their time waiting on a database, a socket or a timer,
    // so two at once take about two thirds of the time there (three took as long as two). The
    // browser files run after them, four at a time, and the one with a tight deadline alone, last.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // expect.poll waits for what a page, a worker or a stream does next: Vitest's default second
    // is shorter than a hydration or a mail worker's turn takes on a busy two-core machine, and a
    // poll that passes returns as soon as it does.
    expect: { poll: { timeout: 15_000 } },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          // One jsdom and one import of React per worker, not per file: set up per file they were
          // 73 s of the project's 94 s alone. web-setup.ts empties the document, storage, stubs
          // and mocks after every test, so no file sees another's page.
          isolate: false,
          // start-script.test.ts is the one test of src/shared that needs a document.
          include: ['src/web/**/*.test.{ts,tsx}', 'src/shared/start-script.test.ts'],
          setupFiles: ['test/support/web-setup.ts'],
          // First, with src/shared: they need no database, and run while globalSetup makes the
          // run's migrated ones (database-snapshots.ts).
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          // Code both sides share, tested without a browser's document: jsdom costs each file
          // a second or more to set up.
          name: 'shared',
          environment: 'node',
          // Nothing here keeps state between files: one import of the modules per worker.
          isolate: false,
          include: ['src/shared/**/*.test.ts'],
          exclude: ['src/shared/start-script.test.ts'],
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          // The files share no state but the run's migrated databases, so each worker imports
          // the app's modules once instead of once per file: the imports were 219 s of the
          // server files' summed time, and 44% of their CPU (bench/results.md).
          isolate: false,
          include: [
            'src/core/**/*.test.ts',
            'src/server/**/*.test.ts',
            'src/cli/**/*.test.ts',
            'test/repo/**/*.test.ts',
          ],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          // Four at a time, after the files above (a group of their own): much of a browser
          // test's time is a page, a server or a timer answering. Three left the two cores 65 to
          // 90 % busy while the files that wait the most ran; four keep them 87 to 99 % busy. One
          // Chromium serves them all (browser-setup.ts), each file in contexts of its own.
          name: 'e2e',
          environment: 'node',
          // Each file keeps its state in its own variables (its server, its browser's contexts):
          // a worker imports Playwright and the support once, not once per file.
          isolate: false,
          include: ['test/e2e/**/*.test.ts'],
          exclude: alone,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          maxWorkers: 4,
          sequence: { groupOrder: 2 },
        },
      },
      {
        extends: true,
        test: {
          // Last, beside nothing else.
          name: 'e2e-alone',
          environment: 'node',
          include: alone,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          sequence: { groupOrder: 3 },
        },
      },
    ],
  },
})
