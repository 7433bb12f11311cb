import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, expect, test, vi } from 'vitest'
import { Route } from 'wouter'
import {
  type MemberWelcomeData,
  memberWelcomeDataId,
  memberWelcomePath,
  memberWelcomeTexts as words,
} from '../../../shared/member-welcome'
import {
  membershipTexts,
  tierBoostsSentence,
  tierLineName,
  tierPerkLines,
} from '../../../shared/memberships'
import { pages, paths } from '../../../shared/pages'
import { texts } from '../../../shared/texts'
import { TransitionRouter } from '../../components/transition-router'
import { MemberWelcomeDataContext } from './member-welcome-data'
import { MemberWelcomePage } from './member-welcome-page'

const subscription = 'sub_local_AbCdEfGhJkMnPqRsTuVwXyZ2'
const path = memberWelcomePath(subscription)
const receipt = { code: 'ABCDEFGHJKMN', email: 'new.member@example.com' }
const paid: MemberWelcomeData = { subscription, tier: 'membership-3', receipt }

afterEach(() => {
  Reflect.deleteProperty(navigator, 'clipboard')
  document.getElementById(memberWelcomeDataId)?.remove()
})

/** The page at `at` as the router shows it, with the data the server rendered it with. */
function page(data: MemberWelcomeData | null, at = path) {
  return (
    <MemberWelcomeDataContext value={data}>
      <TransitionRouter url={at}>
        <Route path={pages.memberWelcome.path}>
          <MemberWelcomePage />
        </Route>
      </TransitionRouter>
    </MemberWelcomeDataContext>
  )
}

function stubClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
}

test("the paying browser's first view: the site's header and footer, the code in its box, where it was mailed, the perks", () => {
  render(page(paid))
  const menu = screen.getByRole('navigation', { name: 'Main' })
  expect(within(menu).getByRole('link', { name: 'Store' }).getAttribute('href')).toBe(paths.store)
  expect(screen.getByRole('contentinfo')).toBeTruthy()
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(words.heading)
  const code = document.querySelector('code.code-box')
  expect(code?.textContent).toBe('ABCD-EFGH-JKMN')
  expect(code?.closest('section')?.querySelector('h2')?.textContent).toBe(words.codeLabel)
  expect(screen.getByRole('button', { name: 'Copy code ABCD-EFGH-JKMN' })).toBeTruthy()
  expect(screen.getByText(words.mailed(receipt.email))).toBeTruthy()
  expect(screen.getByText(words.howTo)).toBeTruthy()
  expect(screen.queryByText(words.sentByMail)).toBeNull()
  const perks = screen.getByRole('region', { name: tierLineName('membership-3') })
  expect(
    within(perks)
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual([tierBoostsSentence('membership-3'), ...tierPerkLines('membership-3')])
  const next = screen.getByRole('navigation', { name: 'Where next' })
  expect(
    within(next)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]),
  ).toEqual([
    [membershipTexts.openMemberPage, paths.membership],
    [texts.backToStore, paths.store],
  ])
})

test('Copy puts the code on the clipboard and says so', async () => {
  const writeText = vi.fn<(text: string) => Promise<void>>(async () => {})
  stubClipboard(writeText)
  render(<StrictMode>{page(paid)}</StrictMode>)
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Copy code ABCD-EFGH-JKMN' }))
  })
  expect(writeText).toHaveBeenCalledWith('ABCD-EFGH-JKMN')
  expect(screen.getByRole('status').textContent).toBe(texts.copied)
  // The page keeps the code on screen while it is open.
  expect(document.querySelector('code.code-box')?.textContent).toBe('ABCD-EFGH-JKMN')
})

test('without clipboard access the code is selected and the person told how to copy it', async () => {
  stubClipboard(async () => {
    throw new Error('denied')
  })
  render(page(paid))
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: /^Copy code / }))
  })
  expect(screen.getByRole('status').textContent).toBe(texts.copyFailed)
  expect(window.getSelection()?.toString()).toBe('ABCD-EFGH-JKMN')
})

test('a later view says the code was mailed: no code box, no Copy, no address; the perks stay', () => {
  render(page({ subscription, tier: 'membership-1' }))
  expect(screen.getByText(words.sentByMail)).toBeTruthy()
  expect(document.querySelector('.code-box')).toBeNull()
  expect(screen.queryByRole('button', { name: /Copy/ })).toBeNull()
  expect(document.body.textContent).not.toContain('example.com')
  expect(screen.getByRole('region', { name: tierLineName('membership-1') })).toBeTruthy()
  expect(screen.getByRole('contentinfo')).toBeTruthy()
})

test("data for another address is not this page's: only that the code was mailed, and the links", () => {
  render(page(paid, memberWelcomePath('sub_local_another0000000000000000')))
  expect(screen.getByText(words.sentByMail)).toBeTruthy()
  expect(document.querySelector('.code-box')).toBeNull()
  expect(document.body.textContent).not.toContain(receipt.email)
  expect(screen.queryByRole('region', { name: /membership/ })).toBeNull()
  expect(screen.getByRole('link', { name: membershipTexts.openMemberPage })).toBeTruthy()
})

test("the server's HTML hydrates from the page's JSON unchanged; left and come back to, the receipt is gone", async () => {
  const json = document.createElement('script')
  json.type = 'application/json'
  json.id = memberWelcomeDataId
  json.textContent = JSON.stringify(paid)
  document.body.append(json)
  const container = document.createElement('div')
  container.innerHTML = renderToString(
    <StrictMode>
      <MemberWelcomeDataContext value={paid}>
        <TransitionRouter url={path}>
          <Route path={pages.memberWelcome.path}>
            <MemberWelcomePage />
          </Route>
        </TransitionRouter>
      </MemberWelcomeDataContext>
    </StrictMode>,
  )
  document.body.append(container)
  const code = container.querySelector('code.code-box')
  expect(code?.textContent).toBe('ABCD-EFGH-JKMN')
  const consoleError = vi.spyOn(console, 'error')
  const recoverable = vi.fn()
  const root = await act(async () =>
    hydrateRoot(container, <StrictMode>{page(null)}</StrictMode>, {
      onRecoverableError: recoverable,
    }),
  )
  expect(recoverable).not.toHaveBeenCalled()
  expect(consoleError).not.toHaveBeenCalled()
  // Hydration adopted the server's nodes; a mismatch would have rendered new ones.
  expect(container.querySelector('code.code-box')).toBe(code)
  const writeText = vi.fn<(text: string) => Promise<void>>(async () => {})
  stubClipboard(writeText)
  await act(async () => {
    within(container).getByRole('button', { name: 'Copy code ABCD-EFGH-JKMN' }).click()
  })
  expect(writeText).toHaveBeenCalledWith('ABCD-EFGH-JKMN')
  expect(within(container).getByRole('status').textContent).toBe(texts.copied)
  expect(container.querySelector('code.code-box')).toBe(code)

  // The fan moves on (the header's Store) and comes back (the back button): the receipt was
  // the first view's alone, in this tab too.
  act(() => root.unmount())
  container.remove()
  render(page(null))
  expect(screen.getByText(words.sentByMail)).toBeTruthy()
  expect(document.querySelector('.code-box')).toBeNull()
  expect(screen.getByRole('region', { name: tierLineName('membership-3') })).toBeTruthy()
})
