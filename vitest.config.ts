import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

// Three projects: unit (no database, the browser's code in jsdom), server (the app over both
// databases) and browser (Chromium against the built server). What each setting saves, measured:
// docs/decisions/037-the-test-harness.md.
export default defineConfig({
  plugins: [react()],
  test: {
    globalSetup: ['test/support/global-setup.ts'],
    // Vitest's default is one worker less than the cores: one, on a two-core machine. The files
    // mostly wait on a database, a socket or a page.
    maxWorkers: 2,
    // A worker imports the app, React, jsdom and Playwright once, not once per file: each file
    // keeps its state in its own variables and databases (web-setup.ts leaves the document as it
    // found it). 168 s less of a CI run.
    isolate: false,
    // A page hydrating or a mail worker's turn takes longer than Vitest's default second on a
    // busy machine; a poll that passes returns as soon as it does.
    expect: { poll: { timeout: 15_000 } },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['src/web/**/*.test.{ts,tsx}', 'src/shared/**/*.test.ts'],
          setupFiles: ['test/support/web-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: [
            'src/core/**/*.test.ts',
            'src/server/**/*.test.ts',
            'src/cli/**/*.test.ts',
            'test/repo/**/*.test.ts',
          ],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          environment: 'node',
          include: ['test/e2e/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
})
