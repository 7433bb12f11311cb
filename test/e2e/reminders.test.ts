/**
 * A reminder at phone size (375 px), as docs/product.md ("Reminders and following") says it
 * works: a fan finds "Remind me" on the schedule, gives an address, confirms from the mailed
 * link, gets the reminder when the clock reaches 24 hours before the show, and unsubscribes from
 * it with one click (what a mail client's "Unsubscribe" posts, RFC 8058); then nothing more comes. The real server on PostgreSQL,
 * Chromium, axe on every new page. The clock that reaches "24 hours before" is the mail worker's,
 * run here with a hand-set clock against the server's database.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { axeOn } from '#test/axe'
import { ManualClock } from '#test/clock'
import { type ConsoleStage, startConsoleStage } from '#test/console-server'
import type { RunningServer } from '#test/server'
import { RecordingMailer } from '#test/test-app'
import { systemClock } from '../../src/core/clock'
import type { Db } from '../../src/core/db/schema'
import { runMailWorker } from '../../src/core/mail-worker'
import { runOperatorAction } from '../../src/core/operator/run-action'
import { publicUrlMarker } from '../../src/shared/page-rendering'
import { reminderPaths, reminderTexts } from '../../src/shared/reminders'

const fan = 'reminded.fan@example.com'
const hour = 60 * 60_000
let stage: ConsoleStage
let db: Db
let server: RunningServer
let browser: Browser
let context: BrowserContext
let startsAt: Date

beforeAll(async () => {
  stage = await startConsoleStage('host@club.example')
  ;({ server, browser, db } = stage)
  startsAt = new Date(Math.ceil((Date.now() + 3 * 24 * hour) / hour) * hour)
  await runOperatorAction({ db, clock: systemClock }, { who: 'test', via: 'cli' }, 'events.add', {
    name: 'Reminder Night',
    startsAt: startsAt.toISOString(),
  })
  context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
  })
})

afterAll(async () => {
  await context?.close()
  await stage?.stop()
})

async function axe(page: Page) {
  return (await axeOn(page).analyze()).violations
}

function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  )
}

/** The newest mail to the fan as queued, its links on this server. */
async function newestMail() {
  const mail = await db
    .selectFrom('mail_outbox')
    .select(['subject', 'text_body'])
    .where('to_address', '=', fan)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow()
  return { subject: mail.subject, text: mail.text_body.replaceAll(publicUrlMarker, server.url) }
}

const linkIn = (text: string, path: string) =>
  new RegExp(`\\S+${path.replaceAll('/', '\\/')}\\?token=[\\w%-]+`).exec(text)?.[0] ?? ''

/** One run of the mail worker at `now`: the mails it sent the fan. */
async function mailWorkerAt(now: Date) {
  const mailer = new RecordingMailer()
  await runMailWorker(db, mailer, new ManualClock(now), { publicUrl: server.url })
  return mailer.sent.filter((mail) => mail.to === fan)
}

test('a fan asks from the schedule, confirms from the mail, is reminded a day before, and unsubscribes in one click', async () => {
  const page = await context.newPage()
  await page.goto(`${server.url}/`)
  await page.getByRole('link', { name: /^Remind me\W+Reminder Night/ }).click()
  await page.waitForURL(/\/remind\?show=/)
  expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
    reminderTexts.remindHeading,
  )
  expect(await scrollsSideways(page)).toBe(false)
  expect(await axe(page)).toEqual([])
  await page.getByRole('textbox', { name: reminderTexts.emailLabel }).fill(fan)
  await page.getByRole('button', { name: reminderTexts.remindButton }).click()
  await page.getByText(reminderTexts.checkInbox).waitFor()
  expect(await axe(page)).toEqual([])

  const confirm = await newestMail()
  expect(confirm.subject).toBe('Confirm your address for Punchline VR')
  await page.goto(linkIn(confirm.text, reminderPaths.confirm))
  expect(await axe(page)).toEqual([])
  await page.getByRole('button', { name: reminderTexts.confirmButton }).click()
  await page.getByText(reminderTexts.confirmed).waitFor()
  expect(await page.getByText('Reminder Night').count()).toBe(1)
  expect(await scrollsSideways(page)).toBe(false)
  expect(await axe(page)).toEqual([])

  // The clock reaches 24 hours before the show: the reminder, once.
  expect(await mailWorkerAt(new Date(startsAt.getTime() - 25 * hour))).toEqual([])
  const [reminder, ...more] = await mailWorkerAt(new Date(startsAt.getTime() - 24 * hour))
  expect(more).toEqual([])
  expect(reminder?.subject).toBe('Reminder Night starts tomorrow')
  expect(await mailWorkerAt(new Date(startsAt.getTime() - 23 * hour))).toEqual([])

  // The mail client's one click: a POST to the header's address, no cookie, no page.
  const unsubscribe = /<([^>]+)>/.exec(reminder?.headers?.['List-Unsubscribe'] ?? '')?.[1] ?? ''
  expect(reminder?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
  const clicked = await fetch(unsubscribe, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  })
  expect(clicked.status).toBe(200)
  expect(await mailWorkerAt(new Date(startsAt.getTime() - hour))).toEqual([])

  // The mail's own link to what the address gets: nothing now.
  await page.goto(linkIn(reminder?.text ?? '', reminderPaths.manage))
  await page.getByText(reminderTexts.noReminders).waitFor()
  expect(await axe(page)).toEqual([])
  await page.close()
})
