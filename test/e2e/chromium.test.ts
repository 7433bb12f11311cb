import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import {
  chromiumArgs,
  chromiumCandidates,
  fullChromiumPaths,
  resolveChromium,
} from '../support/chromium'

/*
 * The one resolver of the browser tests' Chromium, on injected candidates: what a newcomer's
 * machine without Debian's chromium meets, whatever this machine has installed.
 */
let dir: string
let executable: string

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'punchline-chromium-test-'))
  executable = path.join(dir, 'chromium')
  fs.writeFileSync(executable, '#!/bin/sh\n', { mode: 0o755 })
})

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true })
})

test('CHROME_PATH wins when it names a browser', async () => {
  const binary = await resolveChromium({
    chromePath: executable,
    systemPaths: ['/usr/bin/chromium'],
  })
  expect([binary.source, binary.path]).toEqual(['CHROME_PATH', executable])
})

test("the machine's Chromium comes next, when CHROME_PATH names nothing", async () => {
  const binary = await resolveChromium({
    chromePath: path.join(dir, 'missing'),
    systemPaths: [path.join(dir, 'also-missing'), executable],
  })
  expect([binary.source, binary.path]).toEqual(['system', executable])
})

test('a file that is not executable is no browser', async () => {
  const plain = path.join(dir, 'plain')
  fs.writeFileSync(plain, '', { mode: 0o644 })
  const binary = await resolveChromium({ chromePath: undefined, systemPaths: [plain, executable] })
  expect(binary.path).toBe(executable)
})

test("TEST_NO_SYSTEM_CHROMIUM hides the machine's Chromium, CHROME_PATH is read as given", () => {
  expect(chromiumCandidates({ CHROME_PATH: '/opt/chrome' })).toEqual({
    chromePath: '/opt/chrome',
    systemPaths: ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'],
  })
  expect(chromiumCandidates({ CHROME_PATH: '', TEST_NO_SYSTEM_CHROMIUM: 'true' })).toEqual({
    chromePath: undefined,
    systemPaths: [],
  })
})

test("the tests take Debian's headless shell before its whole browser, Lighthouse the other way", () => {
  const shell = '/usr/bin/chromium-headless-shell'
  expect(chromiumCandidates({}).systemPaths).toEqual([shell, '/usr/bin/chromium'])
  expect(chromiumCandidates({}, fullChromiumPaths).systemPaths).toEqual([
    '/usr/bin/chromium',
    shell,
  ])
})

test('with no Chromium anywhere, the one inside @sparticuz/chromium renders a page', async () => {
  const binary = await resolveChromium({ chromePath: path.join(dir, 'missing'), systemPaths: [] })
  expect(binary.source).toBe('@sparticuz/chromium')
  expect(binary.path.startsWith(os.tmpdir())).toBe(true)
  // A second resolve finds it unpacked.
  expect((await resolveChromium({ chromePath: undefined, systemPaths: [] })).path).toBe(binary.path)

  const browser = await chromium.launch({
    executablePath: binary.path,
    args: chromiumArgs,
    env: binary.env,
  })
  try {
    const page = await browser.newPage()
    await page.setContent('<main><h1>Punchline VR</h1></main>')
    expect(await page.locator('h1').textContent()).toBe('Punchline VR')
    expect(Number(browser.version().split('.')[0])).toBeGreaterThanOrEqual(130)
  } finally {
    await browser.close()
  }
})
