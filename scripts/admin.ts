// `npm run admin -- ...`: the operator's commands. From the build when it is as new as the
// sources, in a process of its own as the server runs (1.5 s of CPU for a command, where
// compiling the sources through tsx first takes 2.9 s); from the sources when they have changed
// since, so a command a developer has just edited runs as edited.
import { spawn } from 'node:child_process'
import os from 'node:os'
import { buildIsStale } from './build-freshness'
import { builtAdmin } from './built-server'

if (buildIsStale()) {
  const { runAdminProcess } = await import('../src/cli/admin')
  runAdminProcess()
} else {
  const command = spawn(process.execPath, [...builtAdmin, ...process.argv.slice(2)], {
    stdio: 'inherit',
  })
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => command.kill(signal))
  }
  command.on('exit', (code, signal) => {
    process.exit(signal ? 128 + (os.constants.signals[signal] ?? 0) : (code ?? 1))
  })
}
