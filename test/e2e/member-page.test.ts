/**
 * The member page end to end, as a member uses it: the real server with MEMBERSHIPS=open on the
 * embedded database (mail written as .eml files), Chromium, the store's join, the mailed link.
 */
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { axeOn } from '#test/axe'
import { launchBrowser } from '#test/chromium'
import { mailedMemberLinks } from '#test/member-page'
import { saveFullPage } from '#test/page-pictures'
import { type RunningServer, startServer } from '#test/server'
import { expectFirstLoadsWithinBudget } from '#test/transfer'
import { manageTexts } from '../../src/server/routes/test-checkout-texts'
import { jokeTexts } from '../../src/shared/jokes'
import { memberPageTexts } from '../../src/shared/member-page'
import { memberWelcomeTexts as payMemberTexts } from '../../src/shared/member-welcome'
import { membershipTexts } from '../../src/shared/memberships'
import { paths } from '../../src/shared/pages'

const member = 'fan.member@example.com'
const memberCodePattern = /^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/
const screenshotDir = path.resolve('test-results/screenshots')

let server: RunningServer
let browser: Browser

beforeAll(async () => {
  ;[server, browser] = await Promise.all([startServer({ MEMBERSHIPS: 'open' }), launchBrowser()])
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

async function axeViolations(page: Page): Promise<string[]> {
  const results = await axeOn(page).analyze()
  return results.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`),
  )
}

/** The newest member link mailed after the `before` ones, waited for. */
async function nextMemberLink(before: number): Promise<string> {
  await expect
    .poll(() => mailedMemberLinks(server).length, { timeout: 15_000 })
    .toBeGreaterThan(before)
  return mailedMemberLinks(server).at(-1) ?? ''
}

test('a member joins on the store, signs in to /membership by the mailed link and sends a joke', async () => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
  context.setDefaultTimeout(15_000)
  const page = await context.newPage()

  // Joining, as on the store (memberships.test.ts): Tier 1 with the test card.
  await page.goto(`${server.url}/store`)
  const tier1 = page.getByRole('article', { name: 'Tier 1' })
  await tier1.getByRole('button', { name: /^Join\s*:\s*Tier 1$/ }).click()
  await tier1.getByLabel('Email for your member code').fill(member)
  await tier1.getByRole('button', { name: /^Continue to payment/ }).click()
  await page.waitForURL(/\/pay\/membership\/sub_local_/)
  await page.getByLabel('Card number').fill('4242 4242 4242 4242')
  await page.getByRole('button', { name: 'Pay' }).click()
  await page.getByRole('heading', { name: 'Welcome, member!' }).waitFor()
  const code = (await page.locator('.code-box').innerText()).trim()
  expect(code).toMatch(memberCodePattern)
  const payPage = page.url()

  // The pay page leads to the member page, which asks for the address.
  await page.getByRole('link', { name: membershipTexts.openMemberPage }).click()
  await page.waitForURL(`${server.url}/membership`)
  // With memberships open, the site's header leads here too, marked as the page shown.
  const membersLink = page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Members' })
  await membersLink.waitFor()
  await expect.poll(() => membersLink.getAttribute('aria-current')).toBe('page')
  await page.getByLabel(memberPageTexts.emailLabel).fill(member)
  const before = mailedMemberLinks(server).length
  await page.getByRole('button', { name: memberPageTexts.sendLink }).click()
  await page.getByRole('heading', { name: memberPageTexts.checkMail }).waitFor()
  await page.getByText(memberPageTexts.linkSent).waitFor()
  await page.screenshot({ path: path.join(screenshotDir, 'member-page-check-mail.png') })

  // The mailed link signs in at a press (not by opening it), and leaves the address clean.
  const link = await nextMemberLink(before)
  await page.goto(link)
  await page.getByRole('button', { name: memberPageTexts.continue }).click()
  await page.waitForURL(`${server.url}/membership`)
  await page.getByRole('heading', { name: 'Your member code' }).waitFor()
  expect(page.url()).not.toContain('#')
  await expect.poll(() => page.locator('[data-member-status]').innerText()).toBe('Active')
  expect(await page.locator('[data-boosts-left]').innerText()).toMatch(/^50 of 50/)
  await page.getByRole('button', { name: /^Show/ }).click()
  expect((await page.locator('[data-member-code]').innerText()).trim()).toBe(code)

  // A joke: the count of characters follows the typing; sent, it waits for the host.
  const joke = 'My headset has a laugh track. It only plays when I take it off.'
  await page.getByLabel(jokeTexts.label).fill(joke)
  await page.getByText(`${280 - joke.length} characters left`).waitFor()
  await page.getByRole('button', { name: jokeTexts.submit }).click()
  await page.getByText(jokeTexts.sent).waitFor()
  const sent = page.locator('.membership-joke', { hasText: joke })
  expect(await sent.locator('[data-joke-state]').innerText()).toMatch(/^waiting$/i)
  expect(await page.locator('[data-jokes-left]').innerText()).toMatch(
    /^Your membership includes 1 custom joke a month, and you have sent them all: more on .+, when it renews\.$/,
  )
  expect(await axeViolations(page)).toEqual([])
  // On a 390 px phone nothing scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await saveFullPage(page, path.join(screenshotDir, 'member-page-signed-in.png'))
  await page.setViewportSize({ width: 1280, height: 900 })
  await saveFullPage(page, path.join(screenshotDir, 'member-page-signed-in-wide.png'))

  // A new code, after "Are you sure?": shown at once, and not the old one.
  await page.getByRole('button', { name: memberPageTexts.rotate }).click()
  await page.getByText(memberPageTexts.rotateConfirm).waitFor()
  await page.getByRole('button', { name: memberPageTexts.rotateYes }).click()
  await page.getByText(memberPageTexts.rotated).waitFor()
  const newCode = (await page.locator('[data-member-code]').innerText()).trim()
  expect(newCode).toMatch(memberCodePattern)
  expect(newCode).not.toBe(code)
  // A reload asks the server afresh (nothing stale is kept from the sign-in).
  await page.reload()
  await page.getByRole('button', { name: /^Show/ }).click()
  expect((await page.locator('[data-member-code]').innerText()).trim()).toBe(newCode)

  // The same link again: it was used.
  await page.goto(link)
  await page.getByRole('button', { name: memberPageTexts.continue }).click()
  await page.getByText(memberPageTexts.linkUnusable).waitFor()
  await page.getByRole('heading', { name: memberPageTexts.askAgain }).waitFor()

  // The session is still on: /membership shows the member. "Manage billing" leads to the
  // provider's page (the test checkout's own), open to the signed-in member: its forms work.
  await page.goto(`${server.url}/membership`)
  await page.getByRole('button', { name: memberPageTexts.manageBilling }).click()
  await page.waitForURL(/\/pay\/membership\/sub_local_\w+\/manage$/)
  await page.getByRole('heading', { name: manageTexts.heading }).waitFor()
  await page.getByRole('button', { name: manageTexts.cancelSubmit }).click()
  await page.getByText('Your perks work until then.').waitFor()
  await page.getByRole('button', { name: manageTexts.resumeSubmit }).click()
  await page.getByText(manageTexts.done.resumed).waitFor()
  const manage = page.url().replace(/\?.*$/, '')
  // The pay page again: the code was shown once, and is not shown now.
  await page.goto(payPage)
  await page.getByText(payMemberTexts.sentByMail).waitFor()
  expect(await page.locator('.code-box').count()).toBe(0)
  for (const shown of [code, newCode]) expect(await page.content()).not.toContain(shown)
  await page.goto(`${server.url}/membership`)
  await page.getByRole('button', { name: memberPageTexts.signOut }).click()
  await page.getByText(memberPageTexts.signedOut).waitFor()
  await page.reload()
  await page.getByLabel(memberPageTexts.emailLabel).waitFor()
  // Signed out, the manage page's address shows the way to sign in, not the forms.
  await page.goto(manage)
  await page.getByText(manageTexts.signIn).waitFor()
  expect(await page.locator('form').count()).toBe(0)
  await context.close()
})

test('the member pages load at most 100 KB of JavaScript first, as the browser transfers it', async () => {
  await expectFirstLoadsWithinBudget(browser, server.url, [
    paths.membership,
    paths.membershipSignIn,
  ])
})
