// The server and the operator commands as plain JavaScript for Node (dist/node), so a process
// starts without compiling TypeScript as it loads: `npm start` runs dist/node/start.mjs
// (docs/decisions/030-the-server-runs-built.md). `npm run build` calls this after the browser app.
import fs from 'node:fs'
import { pathToFileURL } from 'node:url'
import { build, type Plugin } from 'esbuild'
import { distPaths } from '../src/shared/page-rendering'

/**
 * Each source file keeps its own `import.meta.url`: a file that reads a neighbour by it (the
 * mail's design tokens) or resolves a package from it reads what it read from src/.
 */
const ownImportMetaUrl: Plugin = {
  name: 'own-import-meta-url',
  setup(bundler) {
    bundler.onLoad({ filter: /[\\/]src[\\/].*\.ts$/ }, async (args) => {
      const source = await fs.promises.readFile(args.path, 'utf8')
      const url = JSON.stringify(pathToFileURL(args.path).href)
      return { contents: source.replaceAll('import.meta.url', url), loader: 'ts' }
    })
  },
}

/**
 * The operator commands' entry: admin.ts runs itself only when it is the file Node was started
 * with (tests import it), which a bundle never is.
 */
const adminEntry: Plugin = {
  name: 'admin-entry',
  setup(bundler) {
    bundler.onResolve({ filter: /^admin-process$/ }, () => ({ path: 'admin', namespace: 'entry' }))
    bundler.onLoad({ filter: /.*/, namespace: 'entry' }, () => ({
      contents: "import { runAdminProcess } from './src/cli/admin.ts'\nrunAdminProcess()\n",
      resolveDir: process.cwd(),
      loader: 'ts',
    }))
  },
}

export async function bundleServer(): Promise<void> {
  await build({
    entryPoints: { start: 'src/server/start.ts', admin: 'admin-process' },
    outdir: distPaths.node,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    // Packages stay in node_modules, loaded as they are: only the project's own code is bundled.
    packages: 'external',
    sourcemap: 'linked',
    plugins: [adminEntry, ownImportMetaUrl],
    logLevel: 'warning',
  })
}
