/**
 * The order files start in: the longest first, within each group (sequence.groupOrder), so that
 * the last minutes of a group are short files filling both cores, not one long file on one.
 * Vitest orders by the durations of this machine's last run; a fresh clone has none, and Vitest
 * then starts the largest files first, which put a 30-second browser file at the end of the
 * browser group and left the machine 10 % busy for its last 20 seconds. The durations recorded
 * in test/file-durations.json (`npm run test:durations` after a full run) stand in for them
 * (docs/decisions/035-the-longest-files-first.md).
 */
import fs from 'node:fs'
import path from 'node:path'
import { BaseSequencer, type TestSpecification } from 'vitest/node'

/** Where the recorded durations are: "project:path" to milliseconds. */
export const recordedDurationsFile = path.resolve('test/file-durations.json')

function recordedDurations(): Record<string, number> {
  try {
    return JSON.parse(fs.readFileSync(recordedDurationsFile, 'utf8')) as Record<string, number>
  } catch {
    return {}
  }
}

export default class LongestFirst extends BaseSequencer {
  /** The committed durations; a test gives its own. */
  protected recorded(): Record<string, number> {
    return recordedDurations()
  }

  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const recorded = this.recorded()
    const root = this.ctx.config.root
    const known = (spec: TestSpecification) => {
      const key = `${spec.project.name}:${path.relative(root, spec.moduleId)}`
      const last = this.ctx.cache.getFileTestResults(key)
      return { failed: last?.failed ?? false, duration: last?.duration ?? recorded[key] }
    }
    const facts = new Map(files.map((spec) => [spec, known(spec)]))
    return [...files].sort((a, b) => {
      const group = a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder
      if (group !== 0) return group
      if (a.project.name !== b.project.name) return a.project.name < b.project.name ? -1 : 1
      const [first, second] = [facts.get(a), facts.get(b)]
      // What failed last time first, as Vitest does; then a file never timed (a new one) first,
      // as it may be long; then the longest.
      if (first?.failed !== second?.failed) return first?.failed ? -1 : 1
      const [x, y] = [
        first?.duration ?? Number.POSITIVE_INFINITY,
        second?.duration ?? Number.POSITIVE_INFINITY,
      ]
      return x === y ? 0 : y > x ? 1 : -1
    })
  }
}
