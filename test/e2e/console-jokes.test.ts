/**
 * The console's Jokes page as a host uses it: the real server on PostgreSQL (so the test writes
 * the members' jokes through the domain code and reads back what the host did), Chromium.
 */
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { axeOn } from '#test/axe'
import { mailedSignInLinks } from '#test/console'
import { type ConsoleStage, startConsoleStage } from '#test/console-server'
import { insertMembership } from '#test/memberships'
import { saveFullPage } from '#test/page-pictures'
import type { RunningServer } from '#test/server'
import type { Db } from '../../src/core/db/schema'
import { submitJoke } from '../../src/core/memberships/member-jokes'
import { consolePages } from '../../src/shared/console'
import { jokeConsoleTexts } from '../../src/shared/jokes'

const host = 'host@club.example'
const day = 24 * 60 * 60_000

let stage: ConsoleStage
let db: Db
let server: RunningServer
let browser: Browser

beforeAll(async () => {
  stage = await startConsoleStage(host)
  ;({ server, browser, db } = stage)
})

afterAll(async () => {
  await stage?.stop()
})

/** A member paid up around the server's own clock sends these jokes, oldest first. */
async function memberSends(texts: string[], name: string | null) {
  const now = Date.now()
  const member = await insertMembership(db, {
    tier: 'membership-3',
    display_name: name,
    email: 'secret.member@example.com',
    period_start: new Date(now - day),
    period_end: new Date(now + 29 * day),
  })
  const ids: string[] = []
  for (const [i, text] of texts.entries()) {
    const sent = await submitJoke(db, member, text, new Date(now - (texts.length - i) * 60_000))
    if (!sent.ok) throw new Error(sent.reason)
    ids.push(sent.joke.id)
  }
  return ids
}

async function stateOf(id: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('member_jokes')
    .select('state')
    .where('id', '=', id)
    .executeTakeFirst()
  return row?.state
}

async function signIn(page: Page): Promise<void> {
  await page.goto(`${server.url}${consolePages.jokes.path}`)
  await page.waitForURL(/\/admin\/sign-in\?next=%2Fadmin%2Fjokes$/)
  const before = mailedSignInLinks(server).length
  await page.getByLabel('Your email address').fill(host)
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click()
  await expect.poll(() => mailedSignInLinks(server).length, { timeout: 15_000 }).toBe(before + 1)
  await page.goto(mailedSignInLinks(server).at(-1) as string)
  await page.getByRole('button', { name: 'Continue to the console' }).click()
  await page.waitForURL(`${server.url}${consolePages.jokes.path}`)
}

test('a host reads the jokes oldest first, accepts, declines and marks one performed', {
  timeout: 120_000,
}, async () => {
  const [first, second] = await memberSends(
    ['Knock knock.\nWho is there? 🎤', 'Why did the avatar cross the world?'],
    'Robin',
  )
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  context.setDefaultTimeout(20_000)
  const page = await context.newPage()
  await signIn(page)
  await expect.poll(() => page.title()).toBe('Jokes · Punchline VR console')
  const nav = page.getByRole('navigation', { name: 'Console' })
  expect(await nav.getByRole('link', { name: 'Jokes' }).getAttribute('aria-current')).toBe('page')

  const rows = page.locator('main tbody tr')
  await expect.poll(() => rows.count()).toBe(2)
  const firstRow = rows.nth(0)
  expect(await firstRow.textContent()).toContain('Who is there? 🎤')
  expect(await firstRow.textContent()).toContain('Tier 3: Robin')
  expect(await page.locator('main').textContent()).not.toContain('secret.member')
  expect(
    await axeOn(page)
      .analyze()
      .then((r) => r.violations),
  ).toEqual([])

  await firstRow.getByRole('button', { name: /^Accept/ }).click()
  await page.getByText(jokeConsoleTexts.moved('accepted')).waitFor()
  await expect.poll(() => stateOf(first as string)).toBe('accepted')
  // Accepted, it now offers Performed and Decline; the other is declined.
  await rows
    .nth(1)
    .getByRole('button', { name: /^Decline/ })
    .click()
  await page.getByText(jokeConsoleTexts.moved('declined')).waitFor()
  await expect.poll(() => stateOf(second as string)).toBe('declined')
  await expect.poll(() => rows.count()).toBe(1)
  await rows
    .nth(0)
    .getByRole('button', { name: /^Performed/ })
    .click()
  await page.getByText(jokeConsoleTexts.moved('performed')).waitFor()
  await expect.poll(() => stateOf(first as string)).toBe('performed')
  await page.getByText(jokeConsoleTexts.emptyToDo).waitFor()

  // The filter follows the address, which the router changes in a transition: the radio is
  // checked once the list has switched, not at the click itself.
  await page.getByLabel(jokeConsoleTexts.done).click()
  await page.waitForURL(/\?show=done$/)
  await expect.poll(() => page.getByLabel(jokeConsoleTexts.done).isChecked()).toBe(true)
  await expect.poll(() => rows.count()).toBe(2)
  expect(await page.locator('main').textContent()).toMatch(
    /Performed[\s\S]*Declined|Declined[\s\S]*Performed/,
  )

  await nav.getByRole('link', { name: 'Audit log' }).click()
  await page.getByText("Marked a member's joke performed").waitFor()
  await context.close()
})

test('on a 390 px phone a 280-character joke wraps: nothing scrolls sideways', {
  timeout: 120_000,
}, async () => {
  await memberSends(['Ha'.repeat(140)], null)
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
  })
  context.setDefaultTimeout(20_000)
  const page = await context.newPage()
  await signIn(page)
  await page.getByText('Ha'.repeat(140)).waitFor()
  await saveFullPage(page, path.resolve('test-results/screenshots/console-jokes-390.png'))
  expect(
    await page.evaluate(
      () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
    ),
  ).toBe(true)
  await context.close()
})
