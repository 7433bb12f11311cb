// The host's steps in the console's browser tests of the comics.
import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { mailedSignInLinks } from './console'
import type { RunningServer } from './server'

/**
 * The host's steps in the console's browser tests of the comics: signing in from the mailed link
 * on the page they asked for, and adding a comic with the Comics page's form.
 */
export async function signInByMail(
  page: Page,
  server: RunningServer,
  host: string,
  path: string,
): Promise<void> {
  await page.goto(`${server.url}${path}`)
  const before = mailedSignInLinks(server).length
  await page.getByLabel('Your email address').fill(host)
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click()
  await expect.poll(() => mailedSignInLinks(server).length, { timeout: 15_000 }).toBe(before + 1)
  await page.goto(mailedSignInLinks(server).at(-1) as string)
  await page.getByRole('button', { name: 'Continue to the console' }).click()
  await page.waitForURL(`${server.url}${path}`)
}

export async function addComicInConsole(
  page: Page,
  comic: { name: string; payout?: string; bio?: string },
  added: (name: string) => string,
): Promise<void> {
  await page.getByRole('button', { name: 'Add a comic' }).click()
  await page.getByLabel('Stage name').fill(comic.name)
  if (comic.bio) await page.getByLabel('Bio').fill(comic.bio)
  if (comic.payout) await page.getByLabel('Payout address').fill(comic.payout)
  await page.getByRole('button', { name: 'Add the comic' }).click()
  await page.getByText(added(comic.name)).waitFor()
}

/** Goes to a console page from the header: on a phone, through its Menu button first. */
export async function openFromMenu(page: Page, title: string): Promise<void> {
  const menu = page.getByRole('button', { name: 'Menu' })
  if (await menu.isVisible()) await menu.click()
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: title }).click()
}

/** Opens Tonight's lineup editor, folded behind "Edit lineup" while a show is on. */
export async function openLineupEditor(page: Page): Promise<void> {
  const fold = page.getByText('Edit lineup', { exact: true })
  await page.locator('main h1').waitFor()
  await page.getByRole('region', { name: 'On stage' }).waitFor()
  if (await fold.isVisible()) await fold.click()
}
