import { build } from 'esbuild'
import { expect, test } from 'vitest'

/**
 * Packages a store may never use: Stripe's SDK (a store on the test checkout), Redis's client,
 * PostgreSQL's driver (the embedded database), nodemailer (until the first mail) and libvips
 * (until the first comic's picture). Loaded at start-up they cost every start of the server
 * 0.45 s of CPU; they load where they are first needed.
 */
const loadedWhenNeeded = ['stripe', 'ioredis', 'pg', 'nodemailer', 'sharp']

test("the server's start loads no package only some stores need", async () => {
  // As scripts/bundle-server.ts bundles it: the project's code in one file, packages outside.
  const { metafile } = await build({
    entryPoints: ['src/server/start.ts'],
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    write: false,
    outdir: 'unused',
    metafile: true,
    logLevel: 'silent',
  })
  const imports = Object.values(metafile.outputs).flatMap((output) => output.imports)
  const loadedAtStart = new Set(
    imports.filter((each) => each.kind === 'import-statement').map((each) => each.path),
  )
  // Read the other way round too, so that the test fails if the bundle no longer names packages.
  expect(loadedAtStart).toContain('fastify')
  expect(loadedWhenNeeded.filter((name) => loadedAtStart.has(name))).toEqual([])
  expect(imports.filter((each) => each.path === 'sharp').map((each) => each.kind)).toEqual([
    'dynamic-import',
  ])
})
