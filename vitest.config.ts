import { availableParallelism } from 'node:os'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  plugins: [react()],
  test: {
    // PostgreSQL from the registry when none answers, the Redis probe and its closing summary.
    globalSetup: ['test/support/global-setup.ts'],
    // Vitest's default, one worker less than the cores, is one worker on a two-core machine. The
    // unit and server files spend much of their time waiting on a database, a socket or a timer,
    // so two at once take about two thirds of the time there. The browser files still run one at
    // a time, after them (fileParallelism below), never beside a busy CPU.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          // start-script.test.ts is the one test of src/shared that needs a document.
          include: ['src/web/**/*.test.{ts,tsx}', 'src/shared/start-script.test.ts'],
          setupFiles: ['test/support/web-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          // Code both sides share, tested without a browser's document: jsdom costs each file
          // a second or more to set up.
          name: 'shared',
          environment: 'node',
          include: ['src/shared/**/*.test.ts'],
          exclude: ['src/shared/start-script.test.ts'],
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
          name: 'e2e',
          environment: 'node',
          include: ['test/e2e/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
})
