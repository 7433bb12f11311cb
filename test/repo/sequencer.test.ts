// The order files start in (test/support/sequencer.ts): by group, then project, then what failed
// last time, then a file never timed, then the longest, by this machine's last run or else by the
// durations committed in test/file-durations.json.

import { expect, test } from 'vitest'
import type { TestSpecification, Vitest } from 'vitest/node'
import LongestFirst from '../support/sequencer'

const root = '/project'

/** What the sequencer reads of a file: its project, the project's group, and its path. */
function spec(project: string, groupOrder: number, file: string): TestSpecification {
  return {
    project: { name: project, config: { sequence: { groupOrder } } },
    moduleId: `${root}/${file}`,
  } as unknown as TestSpecification
}

function sequencer(
  lastRun: Record<string, { duration: number; failed: boolean }>,
  recorded: Record<string, number>,
) {
  const ctx = {
    config: { root },
    cache: { getFileTestResults: (key: string) => lastRun[key] },
  } as unknown as Vitest
  return new (class extends LongestFirst {
    protected override recorded() {
      return recorded
    }
  })(ctx)
}

const names = (files: TestSpecification[]) =>
  files.map((file) => `${file.project.name}:${file.moduleId.slice(root.length + 1)}`)

test("a fresh clone's files start longest first by the committed durations, each group in turn", async () => {
  const files = [
    spec('e2e', 2, 'short.test.ts'),
    spec('e2e', 2, 'long.test.ts'),
    spec('unit', 0, 'a.test.ts'),
    spec('e2e-alone', 3, 'deadline.test.ts'),
    spec('e2e', 2, 'middle.test.ts'),
    spec('server', 1, 'b.test.ts'),
  ]
  const recorded = {
    'e2e:short.test.ts': 1_000,
    'e2e:long.test.ts': 30_000,
    'e2e:middle.test.ts': 9_000,
    'unit:a.test.ts': 100,
    'server:b.test.ts': 100,
    'e2e-alone:deadline.test.ts': 100,
  }
  expect(names(await sequencer({}, recorded).sort(files))).toEqual([
    'unit:a.test.ts',
    'server:b.test.ts',
    'e2e:long.test.ts',
    'e2e:middle.test.ts',
    'e2e:short.test.ts',
    'e2e-alone:deadline.test.ts',
  ])
})

test("this machine's last run wins over the committed durations; what failed and what is new go first", async () => {
  const files = [
    spec('e2e', 2, 'was-long.test.ts'),
    spec('e2e', 2, 'now-long.test.ts'),
    spec('e2e', 2, 'failed.test.ts'),
    spec('e2e', 2, 'new.test.ts'),
  ]
  const lastRun = {
    'e2e:was-long.test.ts': { duration: 2_000, failed: false },
    'e2e:now-long.test.ts': { duration: 40_000, failed: false },
    'e2e:failed.test.ts': { duration: 10, failed: true },
  }
  const recorded = { 'e2e:was-long.test.ts': 50_000, 'e2e:now-long.test.ts': 1_000 }
  expect(names(await sequencer(lastRun, recorded).sort(files))).toEqual([
    'e2e:failed.test.ts',
    'e2e:new.test.ts',
    'e2e:now-long.test.ts',
    'e2e:was-long.test.ts',
  ])
})
