import fs from 'node:fs'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { texts } from '../../src/shared/texts'
import { launchBrowser } from '../support/chromium'
import { buyOverHttp } from '../support/http-store'
import { type RunningServer, startServer } from '../support/server'

const codePattern = /^[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}$/

let server: RunningServer
let browser: Browser

beforeAll(async () => {
  // A short delay so the success page really passes through its 202 "processing" state.
  server = await startServer({ LOCAL_PAYMENT_DELAY_MS: '1500' })
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

async function openStore(): Promise<Page> {
  const page = await browser.newPage()
  await page.goto(`${server.url}/store`)
  return page
}

async function fillCartAndCheckout(page: Page, email: string): Promise<void> {
  await page.getByRole('button', { name: /Add to Cart\s*:\s*FFR 10/ }).click()
  await page.getByRole('button', { name: 'Increase quantity of FFR 10' }).click()
  await page.getByRole('button', { name: /Add to Cart\s*:\s*5 Boosts/ }).click()
  await page.getByLabel(/Email for your codes/).fill(email)
  await page.getByRole('button', { name: texts.checkout, exact: true }).click()
  await page.waitForURL(/\/pay\/cs_local_/)
}

test('a fan buys two FFR 10 and one 5 Boosts through the test checkout and sees three codes', async () => {
  const page = await openStore()
  await fillCartAndCheckout(page, 'fan@example.com')

  await page.getByText('Test checkout: no real payment').waitFor()
  const summary = (await page.locator('main, body').first().textContent()) ?? ''
  expect(summary).toContain('FFR 10')
  expect(summary).toContain('$34.97')

  await page.getByLabel('Card number').fill('4242 4242 4242 4242')
  await page.getByRole('button', { name: 'Pay' }).click()
  await page.waitForURL(/\/success\?session_id=cs_local_/)

  // Codes exist only after the delay: the page shows its polling state first.
  await page.getByText(/Codes processing\.\.\. checking again soon \(Attempt \d\/6\)/).waitFor()
  const codes = page.locator('.code-box')
  await codes.first().waitFor({ timeout: 15_000 })
  expect(await codes.count()).toBe(3)
  for (const code of await codes.allInnerTexts()) expect(code.trim()).toMatch(codePattern)

  const descriptions = await page.locator('.success-code-description').allInnerTexts()
  expect(descriptions.filter((d) => d.startsWith('FFR 10:'))).toHaveLength(2)
  expect(descriptions.filter((d) => d.startsWith('5 Boosts:'))).toHaveLength(1)

  // The cart is emptied once the codes show.
  const storedCart = await page.evaluate(() => localStorage.getItem('punchline.cart.v1'))
  expect(storedCart ?? '').not.toContain('ffr-10')

  // The codes also go out by mail (written as .eml files when no SMTP server is set).
  const mailDir = path.join(server.dataDir, 'mail')
  const shown = (await codes.allInnerTexts()).map((c) => c.trim())
  let mail = ''
  for (let i = 0; i < 40 && !mail; i++) {
    const files = fs.existsSync(mailDir) ? fs.readdirSync(mailDir) : []
    const file = files.find((f) => f.endsWith('.eml'))
    if (file) mail = fs.readFileSync(path.join(mailDir, file), 'utf8')
    else await new Promise((resolve) => setTimeout(resolve, 250))
  }
  expect(mail).toContain('fan@example.com')
  for (const code of shown) expect(mail).toContain(code)
  // Its links lead back to this site, the address put in as the mail was sent (soft line
  // breaks of the quoted-printable parts joined).
  const joined = mail.replace(/=\r?\n/g, '')
  expect(joined).toContain(`Lost your codes? ${server.url}/store#lost-codes`)
  expect(joined).not.toContain('%PUBLIC_URL%')

  await page.close()
})

test('on a 375 px phone the cart stays in sight after Add to Cart, and the keyboard reaches checkout', async () => {
  const context = await browser.newContext({
    viewport: { width: 375, height: 740 },
    hasTouch: true,
  })
  const page = await context.newPage()
  await page.goto(`${server.url}/store`)
  const add = page.getByRole('button', { name: /Add to Cart\s*:\s*FFR 10/ })
  await add.and(page.locator(':enabled')).waitFor()
  // The keyboard: focus the button, press Enter.
  await add.focus()
  await page.keyboard.press('Enter')

  const bar = page.locator('.store-cart-bar')
  await bar.waitFor()
  expect(await bar.innerText()).toMatch(/1 item · \$14\.99/)
  const box = await bar.boundingBox()
  // Fixed at the bottom of the screen, where the fan's thumb is.
  expect(box && box.y + box.height).toBeCloseTo(740, 0)
  expect(await page.locator('#store-cart').isVisible()).toBe(true)
  expect(
    await page
      .locator('#store-cart')
      .evaluate((cart) => cart.getBoundingClientRect().top > window.innerHeight),
  ).toBe(true)
  expect(await page.locator('[aria-live="polite"]').first().textContent()).toContain(
    'Added FFR 10 to your cart',
  )

  await bar.getByRole('link', { name: /View cart/ }).press('Enter')
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.id))
    .toBe('store-cart-heading')
  // The cart's top at the top of the screen, whatever the parts passed over measure once laid out.
  const headingTop = () =>
    page.locator('#store-cart-heading').evaluate((h) => h.getBoundingClientRect().top)
  await expect.poll(headingTop).toBeLessThan(100)
  expect(await headingTop()).toBeGreaterThanOrEqual(0)
  // With the cart itself on screen, the bar steps aside.
  await expect
    .poll(() => bar.evaluate((element) => getComputedStyle(element).visibility))
    .toBe('hidden')

  // On from the cart's heading with the keyboard alone: the email field, then Checkout.
  await page.getByLabel(/Email for your codes/).focus()
  await page.keyboard.type('phone@example.com')
  await page.getByRole('button', { name: texts.checkout, exact: true }).focus()
  await page.keyboard.press('Enter')
  await page.waitForURL(/\/pay\/cs_local_/)
  await context.close()
})

/** Waits for a .eml in the server's mail folder that contains `text`. */
async function mailContaining(text: string): Promise<string> {
  const mailDir = path.join(server.dataDir, 'mail')
  for (let i = 0; i < 60; i++) {
    const files = fs.existsSync(mailDir) ? fs.readdirSync(mailDir) : []
    for (const file of files.filter((f) => f.endsWith('.eml'))) {
      const mail = fs.readFileSync(path.join(mailDir, file), 'utf8')
      if (mail.includes(text)) return mail
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`no mail containing ${text}`)
}

test('a fan who lost the tab asks the store for the codes again and gets them by mail', async () => {
  const bought = await buyOverHttp(server.url, [['boosts-15', 1]], {
    email: 'lost.tab@example.com',
  })
  const page = await openStore()
  const form = page.getByRole('region', { name: 'Lost your codes?' })
  // Typed at once, as a fan on a slow phone would, before the page has hydrated: kept.
  await form.getByLabel('Email you bought with').fill('lost.tab@example.com')
  await page.waitForLoadState('networkidle')
  await form.getByRole('button', { name: 'Send my codes' }).click()
  await form.getByText(/we have sent them to it again/).waitFor()

  const mail = await mailContaining('You asked us to send')
  expect(mail).toContain('lost.tab@example.com')
  for (const code of bought.codes) expect(mail).toContain(code)
  await page.close()
})

test('a declined card shows its message on the test checkout and the cart survives Cancel', async () => {
  const page = await openStore()
  await fillCartAndCheckout(page, '')
  const payUrl = page.url()

  await page.getByLabel('Card number').fill('4000 0000 0000 0002')
  await page.getByRole('button', { name: 'Pay' }).click()
  await page.getByText('Your card was declined.').waitFor()
  expect(page.url()).toContain('/pay/')

  await page.getByLabel('Card number').fill('4000 0000 0000 9995')
  await page.getByRole('button', { name: 'Pay' }).click()
  await page.getByText('Your card has insufficient funds.').waitFor()

  // Nothing was paid: the session still waits for payment.
  const sessionId = payUrl.split('/pay/')[1] ?? ''
  const poll = await fetch(`${server.url}/api/get-session?session_id=${sessionId}`)
  expect(poll.status).toBe(202)

  await page.getByRole('link', { name: 'Cancel' }).click()
  await page.waitForURL(/\/store$/)
  await page.getByRole('button', { name: 'Increase quantity of FFR 10' }).waitFor()
  await page.close()
})

test('the success page without a session id says so', async () => {
  const page = await browser.newPage()
  await page.goto(`${server.url}/success`)
  await page.getByText(texts.noSessionId).waitFor()
  await page.getByRole('heading', { name: texts.successErrorHeading }).waitFor()
  await page.close()
})
