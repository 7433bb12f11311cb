// `npm test`: lint and the build, then every test, with the typecheck running beside the tests at the
// lowest CPU priority. The tests keep a two-core machine busy but for moments (a file waiting on a
// server, the one file with a tight deadline at the end, alone), and the typecheck fills those
// moments instead of holding the tests back by its 27 s at the front
// (docs/decisions/034-the-typecheck-beside-the-tests.md). Arguments go to Vitest
// (`npm test -- test/e2e/landing.test.ts`). Exits non-zero when lint, the build, a test or the
// typecheck fails; the typecheck's findings are printed after the tests' summary.
import { type ChildProcess, spawn } from 'node:child_process'
import os from 'node:os'

const bin = (name: string) => `node_modules/.bin/${name}`
/**
 * TypeScript 7, the compiler ported to Go, as `typescript-native`: the same checks as 5.9's in a
 * sixth of the CPU (docs/decisions/036-the-native-typecheck.md). Named by its path: both packages
 * call their command `tsc`.
 */
const typeChecker = 'node_modules/typescript-native/bin/tsc'
const children = new Set<ChildProcess>()
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal)
    process.exit(128 + os.constants.signals[signal])
  })
}

/** Runs a command to its end, its output on ours unless `capture`: the exit code and the output. */
function run(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; capture?: boolean; lowPriority?: boolean } = {},
): Promise<{ code: number; output: string }> {
  const child = spawn(command, args, {
    env: options.env ?? process.env,
    stdio: options.capture ? ['ignore', 'pipe', 'pipe'] : 'inherit',
  })
  children.add(child)
  if (options.lowPriority && child.pid !== undefined) {
    try {
      os.setPriority(child.pid, os.constants.priority.PRIORITY_LOW)
    } catch {
      // Not allowed here: it runs at the tests' priority, which costs time, not a result.
    }
  }
  let output = ''
  child.stdout?.on('data', (chunk) => {
    output += chunk
  })
  child.stderr?.on('data', (chunk) => {
    output += chunk
  })
  return new Promise((resolve) => {
    child.on('error', (error) => {
      children.delete(child)
      resolve({ code: 1, output: `${command}: ${error.message}\n` })
    })
    child.on('exit', (code, signal) => {
      children.delete(child)
      resolve({ code: code ?? (signal ? 1 : 0), output })
    })
  })
}

// Lint and the build together, before the tests: lint says in a second or two what a change broke
// in the code's shape (its findings first, the build stopped), and the browser tests serve the
// build, made here as `npm run build` makes it.
const building = run('npm', ['run', '--silent', 'build'])
const lint = await run(bin('biome'), ['check', '.'], { capture: true })
process.stdout.write(lint.output)
if (lint.code !== 0) {
  for (const child of children) child.kill('SIGTERM')
  process.exit(lint.code)
}
const build = await building
if (build.code !== 0) process.exit(build.code)

const typecheck = run(process.execPath, [typeChecker, '--noEmit', '--singleThreaded'], {
  capture: true,
  lowPriority: true,
})
const tests = await run(bin('vitest'), ['run', ...process.argv.slice(2)], {
  env: {
    ...process.env,
    TEST_DATABASE_URL:
      process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
  },
})
const types = await typecheck
if (types.code !== 0) {
  process.stdout.write(`\nThe typecheck (tsc --noEmit) failed:\n${types.output}`)
} else {
  process.stdout.write('\nThe typecheck (tsc --noEmit) passed.\n')
}
process.exit(tests.code !== 0 ? tests.code : types.code)
