import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { landingAnchors } from '../../src/shared/pages'
import { siteConfig } from '../../src/shared/site-config'
import { texts } from '../../src/shared/texts'
import { launchBrowser } from '../support/chromium'
import { createPostgresDatabase, type PostgresDatabase } from '../support/databases'
import { type RunningServer, startServer } from '../support/server'

let database: PostgresDatabase
let server: RunningServer
let browser: Browser

beforeAll(async () => {
  // PostgreSQL, so the test can read what the running server stored.
  database = await createPostgresDatabase('e2e', { migrated: true })
  ;[server, browser] = await Promise.all([
    startServer({ DATABASE_URL: database.url, SMTP_URL: '', CONTACT_TO: 'shows@example.org' }),
    launchBrowser(),
  ])
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await database?.drop()
})

async function openPage(route: string): Promise<Page> {
  const page = await browser.newPage()
  page.setDefaultTimeout(15_000)
  await page.goto(`${server.url}${route}`)
  // The page is pre-rendered, the form hydrated when the fan comes near it: scroll there, and
  // wait until React has hydrated it and handles its submit, or a click would do the browser's
  // own form submission.
  await page.locator(`#${landingAnchors.contact}`).scrollIntoViewIfNeeded()
  await page.waitForFunction((id) => {
    const form = document.querySelector(`#${id} form`)
    return form !== null && Object.keys(form).some((key) => key.startsWith('__reactProps'))
  }, landingAnchors.contact)
  return page
}

function contactForm(page: Page) {
  const section = page.locator(`#${landingAnchors.contact}`)
  return {
    name: section.getByLabel('Name'),
    email: section.getByLabel('Email'),
    message: section.getByLabel('Message'),
    send: section.getByRole('button', { name: 'Send message' }),
    status: section.getByRole('status'),
  }
}

/** Every .eml file the server wrote so far, read whole. */
function mailFiles(): string[] {
  const dir = path.join(server.dataDir, 'mail')
  if (!fs.existsSync(dir)) return []
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => fs.readFileSync(path.join(dir, name), 'utf8'))
}

/** Sends a message through the form and waits for the server's answer. */
async function sendThroughForm(page: Page, token: string): Promise<void> {
  const form = contactForm(page)
  await form.name.fill('Dana Scully')
  await form.email.fill(`dana.${token}@example.com`)
  await form.message.fill(`Can we book a private show? Reference ${token}.`)
  const answered = page.waitForResponse((response) => response.url().endsWith('/api/contact'))
  await form.send.click()
  expect((await answered).status()).toBe(201)
}

test('a message sent from the landing page is thanked, stored and mailed', async () => {
  const page = await openPage('/')
  const token = randomBytes(4).toString('hex')
  await sendThroughForm(page, token)

  const form = contactForm(page)
  await form.status.getByText(texts.contactSentLanding, { exact: true }).waitFor()
  // The form is cleared for the next message.
  expect(await form.message.inputValue()).toBe('')

  const rows = await database.query<{ name: string; email: string; message: string }>(
    'select name, email, message from contact_messages where email = $1',
    [`dana.${token}@example.com`],
  )
  expect(rows).toEqual([
    {
      name: 'Dana Scully',
      email: `dana.${token}@example.com`,
      message: `Can we book a private show? Reference ${token}.`,
    },
  ])

  // The outbox worker sends it shortly after: without SMTP_URL, as a file.
  await expect
    .poll(() => mailFiles().find((file) => file.includes(token)), { timeout: 10_000 })
    .toBeDefined()
  const mail = mailFiles().find((file) => file.includes(token)) ?? ''
  expect(mail).toMatch(/^To: shows@example\.org/m)
  expect(mail).toContain('Dana Scully')
  await page.close()
})

test('a message sent from the store says it was sent successfully', async () => {
  const page = await openPage('/store')
  const token = randomBytes(4).toString('hex')
  await sendThroughForm(page, token)
  await contactForm(page).status.getByText(texts.contactSentStore, { exact: true }).waitFor()
  const rows = await database.query('select id from contact_messages where email = $1', [
    `dana.${token}@example.com`,
  ])
  expect(rows).toHaveLength(1)
  await page.close()
})

test('the browser itself blocks an empty or badly addressed message: nothing is sent', async () => {
  const page = await openPage('/')
  const posted: string[] = []
  page.on('request', (request) => {
    if (request.url().endsWith('/api/contact')) posted.push(request.url())
  })
  const form = contactForm(page)

  await form.send.click()
  expect(await form.name.evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(
    true,
  )
  expect(await form.message.evaluate((input: HTMLTextAreaElement) => input.validity.valid)).toBe(
    false,
  )

  await form.name.fill('Dana Scully')
  await form.email.fill('not-an-address')
  await form.message.fill('Hello')
  await form.send.click()
  expect(await form.email.evaluate((input: HTMLInputElement) => input.validity.typeMismatch)).toBe(
    true,
  )

  // Give a wrongly sent request time to show up, then check none did.
  await page.waitForTimeout(300)
  expect(posted).toEqual([])
  expect(await form.status.textContent()).toBe('')
  await page.close()
})

test('when the service fails, the form says so and names the address to write to', async () => {
  const page = await openPage('/')
  await page.route('**/api/contact', (route) =>
    route.fulfill({ status: 500, json: { message: 'Internal Server Error' } }),
  )
  const form = contactForm(page)
  await form.name.fill('Dana Scully')
  await form.email.fill('dana@example.com')
  await form.message.fill('Is anyone there?')
  await form.send.click()
  await form.status
    .getByText(texts.contactFailed(siteConfig.contactEmail), { exact: true })
    .waitFor()
  // What the visitor wrote is kept, so they can copy it into their mail.
  expect(await form.message.inputValue()).toBe('Is anyone there?')
  await page.close()
})
