/**
 * The host's console end to end, as a host uses it: the real server on the embedded database
 * (mail written as .eml files), Chromium, and `npm run admin` run beside the server.
 */
import { spawn } from 'node:child_process'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { axeOn } from '#test/axe'
import { launchBrowser } from '#test/chromium'
import { mailedSignInLinks } from '#test/console'
import { buyOverHttp } from '#test/http-store'
import { saveFullPage } from '#test/page-pictures'
import { type RunningServer, runToExit, startServer } from '#test/server'
import { builtAdmin } from '../../scripts/built-server'
import { consoleMessages, consoleTexts } from '../../src/shared/console'
import type { ScheduleEvent } from '../../src/shared/schedule'

const host = 'host@club.example'
const screenshotDir = path.resolve('test-results/screenshots')

let server: RunningServer
let browser: Browser

beforeAll(async () => {
  ;[server, browser] = await Promise.all([
    startServer({ ADMIN_EMAILS: `Someone@else.example, ${host.toUpperCase()}` }),
    launchBrowser(),
  ])
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

/** The sign-in links mailed so far, oldest first. */
const mailedLinks = () => mailedSignInLinks(server)

/** `npm run admin -- ARGS` (as built) against the server's data folder: its exit code and output. */
function admin(...args: string[]): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [...builtAdmin, ...args], {
    env: { ...process.env, DATA_DIR: server.dataDir, DATABASE_URL: '', PUBLIC_URL: server.url },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  return runToExit(child)
}

async function axeViolations(page: Page): Promise<string[]> {
  const results = await axeOn(page).analyze()
  return results.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`),
  )
}

/** Signs in as a host would: the sign-in page, the mailed link, "Continue to the console". */
async function signIn(page: Page): Promise<void> {
  await page.goto(`${server.url}/admin/orders`)
  // Without a session, the console sends the host to sign in, and back afterwards.
  await page.waitForURL(/\/admin\/sign-in\?next=%2Fadmin%2Forders$/)
  const before = mailedLinks().length
  await page.getByLabel('Your email address').fill(host)
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click()
  await expect.poll(() => page.getByText(consoleMessages.linkSent).count()).toBe(1)
  await expect.poll(() => mailedLinks().length, { timeout: 15_000 }).toBe(before + 1)
  const link = mailedLinks().at(-1) as string
  await page.goto(link)
  await page.getByRole('button', { name: 'Continue to the console' }).click()
  await page.waitForURL(`${server.url}/admin/orders`)
  await expect.poll(() => page.title()).toBe('Orders · Punchline VR console')
}

test('a host signs in by the mailed link, adds a show, finds an order by email, refunds it: the kiosk answers voided and the audit log has it all', {
  timeout: 180_000,
}, async () => {
  const fan = 'refund.me@example.com'
  const bought = await buyOverHttp(server.url, [['boosts-5', 2]], { email: fan })
  expect(bought.codes).toHaveLength(2)

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  context.setDefaultTimeout(20_000)
  const page = await context.newPage()
  await signIn(page)

  // Only the address in ADMIN_EMAILS got a link; a second use of the link is refused.
  const [link] = mailedLinks()
  const again = await context.newPage()
  await again.goto(link as string)
  await again.getByRole('button', { name: 'Continue to the console' }).click()
  await expect.poll(() => again.getByText(consoleMessages.linkUnusable).count()).toBe(1)
  await again.close()

  // A show, added in Central time.
  await page
    .getByRole('navigation', { name: 'Console' })
    .getByRole('link', { name: 'Shows' })
    .click()
  await page.getByRole('button', { name: 'Add a show' }).click()
  await page.getByLabel('Name', { exact: true }).fill('Console Comedy Night')
  await page.getByLabel('Starts (Central time)').fill('2027-01-15 20:00')
  await page.getByLabel('Description').fill('Added from the console.')
  await page.getByRole('button', { name: 'Add the show' }).click()
  await expect
    .poll(() => page.getByRole('cell', { name: 'Console Comedy Night', exact: true }).count())
    .toBe(1)
  const schedule = (await (await fetch(`${server.url}/api/schedule`)).json()) as ScheduleEvent[]
  expect(schedule.find((event) => event.name === 'Console Comedy Night')?.startTime).toBe(
    '2027-01-16T02:00:00.000Z',
  )

  // The order, found by its buyer's address.
  await page
    .getByRole('navigation', { name: 'Console' })
    .getByRole('link', { name: 'Orders' })
    .click()
  await page.getByLabel('Find an order').fill(fan)
  await page.getByRole('button', { name: 'Search' }).click()
  await page.waitForURL(/[?&]q=refund\.me%40example\.com/)
  await page
    .getByRole('link', { name: /^Order [0-9A-Z]{6}$/ })
    .first()
    .click()
  await page.waitForURL(/\/admin\/orders\/[^/]+$/)
  for (const code of bought.codes) await page.getByText(code).first().waitFor()

  // The refund: the redeemed count first, then the provider's answer.
  await page.getByRole('button', { name: /^Refund order [0-9A-Z]{6}…$/ }).click()
  await page.getByText(consoleTexts.refundCodes(0, 2)).waitFor()
  await page.getByRole('button', { name: /^Refund \$/ }).click()
  const refunded = page.getByText(/^The payment provider refunded \$/)
  await refunded.waitFor()
  expect(await refunded.textContent()).toContain(
    `2 codes voided. A mail about the refund is on its way to ${fan}.`,
  )

  // The kiosk in the world hears of it at once.
  for (const code of bought.codes) {
    const answer = (await (await fetch(`${server.url}/k/${code}`)).json()) as { status: string }
    expect(answer.status).toBe('voided')
  }

  // The audit log names the host and what was done.
  await page
    .getByRole('navigation', { name: 'Console' })
    .getByRole('link', { name: 'Audit log' })
    .click()
  await page.getByText('Console Comedy Night').first().waitFor()
  const log = await page.locator('main').textContent()
  expect(log).toContain(host)
  expect(log).toMatch(/refund/i)
  expect(log).toMatch(/Console Comedy Night/)

  // axe on each page the host went through.
  for (const route of [
    '/admin',
    '/admin/shows',
    '/admin/orders',
    '/admin/mail',
    '/admin/reports',
    '/admin/audit',
  ]) {
    await page.goto(`${server.url}${route}`)
    await page.locator('main h1').waitFor()
    expect(await axeViolations(page), route).toEqual([])
  }
  await context.close()

  // The command line beside the running server: the same shows, and the refund in the log.
  const shows = await admin('events', 'list')
  expect(shows.output).toContain('Console Comedy Night')
  expect(shows.code).toBe(0)
  const audit = await admin('audit', 'list')
  expect(audit.code).toBe(0)
  expect(audit.output).toContain(host)
})

test('npm run admin -- events list succeeds beside the server on the embedded database, again and again, and its changes reach the site', {
  timeout: 120_000,
}, async () => {
  const runs = await Promise.all([admin('events', 'list'), admin('events', 'list')])
  for (const run of runs) {
    expect(run.output).not.toMatch(/in use|stop the server/i)
    expect(run.code).toBe(0)
  }
  const added = await admin(
    'events',
    'add',
    '--name',
    'Added Beside The Server',
    '--start',
    '2027-02-01 19:00',
  )
  expect(added.code).toBe(0)
  const schedule = (await (await fetch(`${server.url}/api/schedule`)).json()) as ScheduleEvent[]
  expect(schedule.map((event) => event.name)).toContain('Added Beside The Server')
})

test('the console on a 390 px phone: nothing scrolls sideways, and axe finds nothing on the sign-in page', {
  timeout: 120_000,
}, async () => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
  })
  context.setDefaultTimeout(20_000)
  const page = await context.newPage()
  await page.goto(`${server.url}/admin/sign-in`)
  await page.getByLabel('Your email address').waitFor()
  expect(await axeViolations(page)).toEqual([])
  await signIn(page)
  for (const [name, route] of [
    ['tonight', '/admin'],
    ['shows', '/admin/shows'],
    ['orders', '/admin/orders'],
    ['reports', '/admin/reports'],
  ] as const) {
    await page.goto(`${server.url}${route}`)
    await page.locator('main h1').waitFor()
    // The site's header styles reach the console: a small logo, the skip link out of sight.
    expect((await page.locator('.console-header .site-logo').boundingBox())?.height).toBeLessThan(
      64,
    )
    const skip = await page.getByRole('link', { name: 'Skip to main content' }).boundingBox()
    expect((skip?.y ?? 0) + (skip?.height ?? 0)).toBeLessThanOrEqual(0)
    await saveFullPage(page, path.join(screenshotDir, `console-${name}-390.png`))
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
      ),
      route,
    ).toBe(true)
  }
  await context.close()
})
