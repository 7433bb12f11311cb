import fs from 'node:fs'
import path from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { saveFullPage } from '#test/page-pictures'
import { memberWelcomeTexts as payMemberTexts } from '../../src/shared/member-welcome'
import { texts } from '../../src/shared/texts'
import { axeViolations } from '../support/axe'
import { launchBrowser } from '../support/chromium'
import { outsideTheirCards, overflowingElements } from '../support/overflow'
import { type RunningServer, startServer } from '../support/server'
import { expectFirstLoadsWithinBudget } from '../support/transfer'

const memberCodePattern = /^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/

let server: RunningServer
let browser: Browser

beforeAll(async () => {
  server = await startServer({ MEMBERSHIPS: 'open' })
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

test('a fan joins Tier 1 on /store, pays with the test card and sees the member code once, mailed', async () => {
  const context = await browser.newContext()
  context.setDefaultTimeout(15_000)
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  // Every layout shift of each page the fan opens, from its first paint.
  await page.addInitScript(() => {
    const shifts: number[] = []
    Object.assign(window, { layoutShifts: shifts })
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push((entry as { value?: number }).value ?? 0)
    }).observe({ type: 'layout-shift', buffered: true })
  })
  await page.goto(`${server.url}/store`)
  const tier1 = page.getByRole('article', { name: 'Tier 1' })
  await tier1.getByText('$24.99 / month').waitFor()
  await tier1.getByRole('button', { name: /^Join\s*:\s*Tier 1$/ }).click()
  await tier1.getByLabel('Email for your member code').fill('member@example.com')
  await tier1.getByRole('button', { name: /^Continue to payment/ }).click()
  await page.waitForURL(/\/pay\/membership\/sub_local_/)

  await page.getByText('Tier 1 membership (monthly)').waitFor()
  await page.getByLabel('Card number').fill('4242 4242 4242 4242')
  await page.getByRole('button', { name: 'Pay' }).click()
  await page.getByRole('heading', { level: 1, name: payMemberTexts.heading }).waitFor()
  expect(page.url()).toMatch(/\/pay\/membership\/sub_local_/)
  // The site's page: its header with the main menu, its footer.
  const menu = page.getByRole('navigation', { name: 'Main' })
  await menu.getByRole('link', { name: 'Store' }).waitFor()
  await page.locator('footer.site-footer').getByText('Send us a message').waitFor()
  const codeBox = page.locator('.welcome-code .code-box')
  const code = (await codeBox.innerText()).trim()
  expect(code).toMatch(memberCodePattern)
  expect(await page.locator('body').innerText()).toContain(
    'We have mailed it to member@example.com.',
  )
  // Hydrated from the HTML without a change (no error, nothing moved), Copy copies the code.
  await expect
    .poll(() =>
      codeBox.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactFiber'))),
    )
    .toBe(true)
  await page.getByRole('button', { name: `Copy code ${code}` }).click()
  await page.locator('.welcome-code').getByRole('status').getByText(texts.copied).waitFor()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code)
  expect(
    await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts),
  ).toEqual([])
  expect(errors).toEqual([])
  expect(await axeViolations(page)).toEqual([])
  // The receipt at a 320 and 375 px phone and a 1280 px desktop: nothing outside the window or
  // its card; pictures at 375 and 1280 px for a person to look at.
  for (const width of [320, 375, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => done(null))))
    if (width !== 320) {
      await saveFullPage(page, path.resolve(`test-results/screenshots/member-welcome-${width}.png`))
    }
    const sideways = await page.evaluate(
      () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
    )
    expect(sideways, `${width} px`).toBe(false)
    expect(await overflowingElements(page), `${width} px`).toEqual([])
    expect(await outsideTheirCards(page), `${width} px`).toEqual([])
  }

  // Shown once, as a receipt: the same address again shows neither the code nor the email.
  await page.reload()
  await page.getByText(payMemberTexts.sentByMail).waitFor()
  await menu.getByRole('link', { name: 'Store' }).waitFor()
  expect(await page.locator('.code-box').count()).toBe(0)
  // The welcome page's first load, as the browser transfers it, within the fans' pages' budget.
  await expectFirstLoadsWithinBudget(browser, server.url, [new URL(page.url()).pathname])
  expect(await page.content()).not.toContain(code)
  expect(await page.content()).not.toContain(code.replaceAll('-', ''))
  expect(await page.locator('body').innerText()).not.toContain('member@example.com')

  // The mail is written as an .eml file when no SMTP server is set; the worker sends it soon.
  const mailDir = path.join(server.dataDir, 'mail')
  await expect
    .poll(
      () =>
        fs.existsSync(mailDir) &&
        fs
          .readdirSync(mailDir)
          .some((file) => fs.readFileSync(path.join(mailDir, file), 'utf8').includes(code)),
      { timeout: 10_000 },
    )
    .toBe(true)
  await context.close()
})
