// One contender in data-folder-lock.test.ts's race, a process of its own. Told
// `lock <instant> <dir>`, it waits for that instant of the monotonic clock, which all processes
// share, so that all start together; then it locks the folder and answers `owner` or
// `refused <message>`. An owner holds the lock until told `release`, while the others try. One
// process serves many rounds, as starting one costs more than a round.
import { createInterface } from 'node:readline'
import { lockDataFolder } from '../../src/server/adapters/db/data-folder-lock'

let release: (() => void) | undefined

for await (const line of createInterface({ input: process.stdin })) {
  const [command, instant = '0', ...dir] = line.split(' ')
  if (command === 'release') {
    release?.()
    release = undefined
    process.stdout.write('released\n')
  } else if (command === 'lock') {
    const at = BigInt(instant)
    // Spinning, not sleeping: a sleeper would wake a scheduler's tick late.
    while (process.hrtime.bigint() < at) {}
    try {
      release = lockDataFolder(dir.join(' '))
      process.stdout.write('owner\n')
    } catch (error) {
      const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
      process.stdout.write(`refused ${message.replaceAll('\n', ' ')}\n`)
    }
  }
}
