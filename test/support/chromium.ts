import fs from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { type Browser, type BrowserServer, chromium } from 'playwright-core'

/** Headless, and off the network: this machine's closed network refuses Chromium's own calls. */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/**
 * Where Debian's packages put Chromium: the headless shell first (`chromium-headless-shell`,
 * Chromium's engine without the browser around it, as Playwright's own headless runs), then the
 * whole browser (`chromium`). The same pages on the shell take about half the time and 40 % of
 * the CPU (docs/decisions/031-tests-on-the-headless-shell.md).
 */
export const systemChromiumPaths: readonly string[] = [
  '/usr/bin/chromium-headless-shell',
  '/usr/bin/chromium',
]

/** Debian's whole browser, first: what Lighthouse measures a fan's page in (bench/lighthouse.ts). */
export const fullChromiumPaths: readonly string[] = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-headless-shell',
]

/** The browser tests, benchmarks and scripts launch, and how to launch it. */
export interface ChromiumBinary {
  path: string
  source: 'CHROME_PATH' | 'system' | '@sparticuz/chromium'
  /** The environment to start it in: the bundled one brings its own libraries and fonts. */
  env: Record<string, string | undefined>
}

/** Where to look, in order, before falling back to the Chromium inside @sparticuz/chromium. */
export interface ChromiumCandidates {
  chromePath: string | undefined
  systemPaths: readonly string[]
}

/**
 * CHROME_PATH, then Debian's (`systemPaths`, in order). TEST_NO_SYSTEM_CHROMIUM=true hides
 * Debian's, so a run on this machine meets the bundled browser as a newcomer's machine without
 * Chromium does.
 */
export function chromiumCandidates(
  env: NodeJS.ProcessEnv = process.env,
  systemPaths: readonly string[] = systemChromiumPaths,
): ChromiumCandidates {
  return {
    chromePath: env.CHROME_PATH || undefined,
    systemPaths: env.TEST_NO_SYSTEM_CHROMIUM === 'true' ? [] : systemPaths,
  }
}

function isExecutableFile(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK)
    return fs.statSync(file).isFile()
  } catch {
    return false
  }
}

let resolvedDefault: Promise<ChromiumBinary> | undefined

/**
 * The one place that picks the browser: CHROME_PATH when it names one, else Debian's, else the
 * Chromium shipped inside the @sparticuz/chromium package (unpacked once per version).
 */
export function resolveChromium(candidates?: ChromiumCandidates): Promise<ChromiumBinary> {
  if (!candidates) {
    resolvedDefault ??= resolveChromium(chromiumCandidates())
    return resolvedDefault
  }
  const { chromePath, systemPaths } = candidates
  if (chromePath && isExecutableFile(chromePath)) {
    return Promise.resolve({ path: chromePath, source: 'CHROME_PATH', env: process.env })
  }
  const system = systemPaths.find(isExecutableFile)
  if (system) return Promise.resolve({ path: system, source: 'system', env: process.env })
  return bundledChromium()
}

/** Set by globalSetup for the browser tests: the one Chromium of the run (browserServer below). */
export const chromiumEndpointVariable = 'TEST_CHROMIUM_ENDPOINT'

/**
 * A browser for one test file or script. In a test run, a connection to the run's one Chromium:
 * starting Chromium costs each file seconds, and a file's pages live in contexts of their own,
 * which its close() closes. Outside (benchmarks, scripts), a Chromium of its own.
 */
export async function launchBrowser(): Promise<Browser> {
  const endpoint = process.env[chromiumEndpointVariable]
  if (endpoint) return chromium.connect(endpoint)
  const binary = await resolveChromium()
  return chromium.launch({ executablePath: binary.path, args: chromiumArgs, env: binary.env })
}

/** The run's one Chromium, which the browser test files connect to (globalSetup starts it). */
export async function browserServer(): Promise<BrowserServer> {
  const binary = await resolveChromium()
  return chromium.launchServer({ executablePath: binary.path, args: chromiumArgs, env: binary.env })
}

async function bundledChromium(): Promise<ChromiumBinary> {
  const require = createRequire(import.meta.url)
  const packageDir = path.resolve(path.dirname(require.resolve('@sparticuz/chromium')), '..')
  const { version } = JSON.parse(
    fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8'),
  ) as { version: string }
  const dir = path.join(os.tmpdir(), `punchline-chromium-${version}-${os.userInfo().uid}`)
  if (!isExecutableFile(path.join(dir, 'chromium'))) {
    await unpackChromium(dir, path.join(packageDir, 'bin'))
  }
  return {
    path: path.join(dir, 'chromium'),
    source: '@sparticuz/chromium',
    env: {
      ...process.env,
      // NSS and expat built for it: a machine without Debian's chromium may lack them.
      LD_LIBRARY_PATH: [path.join(dir, 'al2023', 'lib'), process.env.LD_LIBRARY_PATH]
        .filter(Boolean)
        .join(':'),
      FONTCONFIG_FILE: path.join(dir, 'fonts.conf'),
    },
  }
}

/**
 * Unpacks the package's browser, its libraries and fonts into `dir`: into a folder of its own
 * first, renamed into place when complete, so an interrupted or concurrent unpack never leaves
 * a half-written browser where the next run would start it.
 */
async function unpackChromium(dir: string, binDir: string): Promise<void> {
  const { default: Chromium, inflate } = await import('@sparticuz/chromium')
  removeAbandonedUnpacks(dir)
  // A folder without its browser (cleaned by hand, say) would block the rename below.
  fs.rmSync(dir, { recursive: true, force: true })
  const staging = fs.mkdtempSync(`${dir}.partial-`)
  // Both unpack into os.tmpdir() as read when called (synchronously): point it at ours for them.
  const tmpdir = process.env.TMPDIR
  process.env.TMPDIR = staging
  let unpacking: Promise<[string, string]>
  try {
    unpacking = Promise.all([
      Chromium.executablePath(),
      inflate(path.join(binDir, 'al2023.tar.br')),
    ])
  } finally {
    if (tmpdir === undefined) delete process.env.TMPDIR
    else process.env.TMPDIR = tmpdir
  }
  try {
    const [executable] = await unpacking
    if (executable !== path.join(staging, 'chromium')) {
      throw new Error(`@sparticuz/chromium unpacked to ${executable}, not into ${staging}`)
    }
    // The machine's fonts where it has any, and the package's Open Sans always.
    fs.writeFileSync(
      path.join(staging, 'fonts.conf'),
      [
        '<?xml version="1.0"?>',
        '<!DOCTYPE fontconfig SYSTEM "fonts.dtd">',
        '<fontconfig>',
        '  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>',
        `  <dir>${path.join(dir, 'fonts', 'fonts')}</dir>`,
        `  <cachedir>${path.join(dir, 'fonts-cache')}</cachedir>`,
        '</fontconfig>',
        '',
      ].join('\n'),
    )
    fs.renameSync(staging, dir)
  } catch (error) {
    fs.rmSync(staging, { recursive: true, force: true })
    // Another process finished the same unpack first: use its.
    if (!isExecutableFile(path.join(dir, 'chromium'))) throw error
  }
}

/** Unpacks that a killed process left behind (each about 250 MB). */
function removeAbandonedUnpacks(dir: string): void {
  const prefix = `${path.basename(dir)}.partial-`
  const parent = path.dirname(dir)
  for (const name of fs.readdirSync(parent)) {
    if (!name.startsWith(prefix)) continue
    const folder = path.join(parent, name)
    const age = Date.now() - fs.statSync(folder).mtimeMs
    if (age > 10 * 60_000) fs.rmSync(folder, { recursive: true, force: true })
  }
}
