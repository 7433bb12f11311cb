// `npm run admin -- ...`: the operator's commands. From the build when it is as new as the
// sources, in a process of its own as the server runs (1.5 s of CPU for a command, where
// compiling the sources through tsx first takes 2.9 s); from the sources when they have changed
// since, so a command a developer has just edited runs as edited.
import { buildIsStale } from './build-freshness'
import { builtAdmin, handOverTo } from './built-server'

if (buildIsStale()) {
  const { runAdminProcess } = await import('../src/cli/admin')
  runAdminProcess()
} else {
  handOverTo([...builtAdmin, ...process.argv.slice(2)])
}
