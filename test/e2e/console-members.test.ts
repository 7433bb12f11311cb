/**
 * The console's Members page as a host uses it, on a 390 px phone: the real server on
 * PostgreSQL (the test writes the membership and its payment as the provider's events leave
 * them, and reads back what the host did), Chromium, a printed sign-in link (`console-link`).
 */
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { axeOn } from '#test/axe'
import { type ConsoleStage, startConsoleStage } from '#test/console-server'
import { insertMembership } from '#test/memberships'
import { saveFullPage } from '#test/page-pictures'
import type { RunningServer } from '#test/server'
import { systemClock } from '../../src/core/clock'
import type { Db } from '../../src/core/db/schema'
import { runOperatorAction } from '../../src/core/operator/run-action'
import { consolePages, memberConsoleTexts as texts } from '../../src/shared/console'
import { readableTime } from '../../src/shared/readable-time'
import { formatCentralTime } from '../../src/shared/show-time'

const host = 'host@club.example'
const day = 24 * 60 * 60_000
// A long address on a narrow phone: it must wrap, not widen the page.
const email = 'a.rather.long.member.address.for.a.phone@example.com'

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

/** A Tier 3 member of the test checkout whose latest payment was 10 days ago. */
async function memberPaidTenDaysAgo() {
  const paidAt = new Date(Date.now() - 10 * day)
  const id = `mem_console${Date.now()}`
  const member = await insertMembership(db, {
    id,
    email,
    tier: 'membership-3',
    display_name: 'Robin',
    provider_subscription: `sub_local_${id}`,
    period_start: paidAt,
    period_end: new Date(paidAt.getTime() + 30 * day),
  })
  await db
    .insertInto('membership_payments')
    .values({
      id: `sub_local_${id}:invoice-1`,
      membership_id: id,
      payment_ref: `pi_local_${id}`,
      amount_cents: 2499,
      currency: 'usd',
      period_start: paidAt,
      paid_at: paidAt,
    })
    .execute()
  return { member, paidAt }
}

function stored(id: string) {
  return db
    .selectFrom('memberships')
    .select(['status', 'cancel_at_period_end', 'end_reason'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
}

/** Signs in with a printed link, as `npm run admin -- console-link` makes one, to Members. */
async function signIn(page: Page): Promise<void> {
  const { url } = await runOperatorAction(
    { db, clock: systemClock, console: { publicUrl: server.url, adminEmails: [host] } },
    { who: 'test', via: 'cli' },
    'console.link',
    {},
  )
  await page.goto(url.replace('#', `?next=${encodeURIComponent(consolePages.members.path)}#`))
  await page.getByRole('button', { name: 'Continue to the console' }).click()
  await page.waitForURL(`${server.url}${consolePages.members.path}`)
}

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)

test('a host finds a member, cancels at period end, then refunds past 7 days: it ends', {
  timeout: 60_000,
}, async () => {
  const { member, paidAt } = await memberPaidTenDaysAgo()
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
  })
  context.setDefaultTimeout(15_000)
  const page = await context.newPage()
  await signIn(page)
  // On a phone the pages are behind Menu: open, Members is the current page; Escape closes it.
  const menu = page.getByRole('button', { name: 'Menu' })
  await menu.click()
  const nav = page.getByRole('navigation', { name: 'Console' })
  expect(await nav.getByRole('link', { name: 'Members' }).getAttribute('aria-current')).toBe('page')
  await page.keyboard.press('Escape')
  expect(await menu.getAttribute('aria-expanded')).toBe('false')
  await page.getByLabel(texts.searchLabel).fill('rather.long')
  await page.getByLabel(texts.searchLabel).press('Enter')
  await page.waitForURL(/\/admin\/members\?q=rather\.long$/)
  const rows = page.locator('main tbody tr')
  await expect.poll(() => rows.count()).toBe(1)
  expect(await rows.first().textContent()).toContain('Tier 3')
  expect(await noSidewaysScroll(page)).toBe(true)

  await rows.first().getByRole('link', { name: email }).click()
  await page.waitForURL(`${server.url}/admin/members/${member.id}`)
  const main = page.locator('main')
  // The member's name can show before the rest of the page has loaded: wait for the renewal.
  const renews = `renews ${readableTime(member.period_end ?? new Date(Number.NaN))}`
  await expect.poll(() => main.textContent()).toContain(renews)
  await main.getByText('Robin').waitFor()
  expect(await noSidewaysScroll(page)).toBe(true)
  expect(
    await axeOn(page)
      .include('main')
      .analyze()
      .then((r) => r.violations),
  ).toEqual([])

  await page.getByRole('button', { name: texts.cancelAtPeriodEnd }).click()
  const periodEnd = member.period_end?.toISOString() ?? null
  await main
    .getByText(texts.cancelled({ id: member.id, status: 'active', periodEnd }), { exact: true })
    .waitFor()
  await main.getByText('(cancelled at period end)').waitFor()
  expect(await stored(member.id)).toMatchObject({ status: 'active', cancel_at_period_end: true })

  await page.getByRole('button', { name: texts.refund }).click()
  await page.getByRole('button', { name: texts.refundConfirm }).click()
  // The 7-day rule's sentence, word for word, then the override on a question of its own.
  const refusal = `The latest payment of membership ${member.id} ($24.99) was made 10 days ago (${formatCentralTime(paidAt)}); the policy allows refunds within 7 days.`
  await main.getByText(refusal, { exact: true }).waitFor()
  await page.getByRole('button', { name: texts.refundForce }).click()
  await page.getByRole('button', { name: texts.refundForceConfirm }).click()
  const refunded = { refundedCents: 2499, invoice: `sub_local_${member.id}:invoice-1` }
  await main.getByText(texts.refunded(member.id, refunded), { exact: true }).waitFor()
  await main.getByText(texts.nothingToDo).waitFor()
  expect(await stored(member.id)).toMatchObject({ status: 'ended', end_reason: 'refunded' })
  expect(await main.textContent()).toMatch(
    /ended \w{3}, \w{3} \d{1,2}, \d{4}, \d{1,2}:\d\d [AP]M CT.* \(refunded\)/,
  )
  expect(await noSidewaysScroll(page)).toBe(true)
  await saveFullPage(page, path.resolve('test-results/screenshots/console-member-390.png'))
  await context.close()
})
