import fs from 'node:fs'
import path from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { memberWelcomeTexts as payMemberTexts } from '../../src/server/routes/test-checkout-texts'
import { launchBrowser } from '../support/chromium'
import { type RunningServer, startServer } from '../support/server'

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
  const page = await browser.newPage()
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
  await page.getByRole('heading', { name: 'Welcome, member!' }).waitFor()
  const code = (await page.locator('[data-member-code]').innerText()).trim()
  expect(code).toMatch(memberCodePattern)
  expect(await page.locator('body').innerText()).toContain(
    'We have mailed it to member@example.com.',
  )
  // Shown once, as a receipt: the same address again shows neither the code nor the email.
  await page.reload()
  await page.getByText(payMemberTexts.sentByMail).waitFor()
  expect(await page.locator('[data-member-code]').count()).toBe(0)
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
})
