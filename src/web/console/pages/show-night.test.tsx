import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, test } from 'vitest'
import {
  answerAction,
  answers,
  comicView,
  findHeading,
  renderConsole,
  stubConsoleApi,
} from '#test/console-web'
import type { LineupEntry, StageView } from '../../../shared/comics'
import type { Tonight } from '../../../shared/operator-views'
import type { BooksOverview, ClosePreview } from '../../../shared/settlements'
import type { WrapUp } from '../../../shared/show-night'
import { SetTimer } from './set-timer'
import { dismissedKey } from './wrap-up-panel'

const show = { id: 'evt-night1', name: 'Sunday Stand-Up', startsAt: '2026-11-22T22:00:00.000Z' }
const sam = comicView({ name: 'Sam Stone' })
const lee = comicView({ name: 'Lee Park' })
const lineup: LineupEntry[] = [sam, lee].map((comic, i) => ({
  position: i + 1,
  role: i === 0 ? 'host' : 'headliner',
  setMinutes: 10,
  comic,
}))
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString()

function tonight(overrides: Partial<Tonight>): Tonight {
  return {
    state: 'live',
    show,
    totalBoosts: 25,
    codeBoosts: 25,
    memberBoosts: 0,
    gifts: [
      { text: 'A fan gave 5 boosts to Sam Stone', at: minutesAgo(2), boosts: 5, anonymous: false },
    ],
    codesSold: 4,
    codesRedeemed: 3,
    orders: 2,
    comics: [{ comic: { id: sam.id, name: sam.name }, sets: 1, seconds: 11 * 60, boosts: 25 }],
    setBoosts: 25,
    wrapUp: null,
    ...overrides,
  }
}

const stage: StageView = {
  showId: show.id,
  showName: show.name,
  startsAt: show.startsAt,
  onStage: { id: 1, showId: show.id, comic: sam, startedAt: minutesAgo(11), endedAt: null },
  next: lee,
  lineup,
}

const wrapUp: WrapUp = {
  show,
  comics: [
    {
      comic: { id: sam.id, name: sam.name },
      sets: 1,
      seconds: 12 * 60,
      boosts: 25,
      owedCents: 1260,
    },
    { comic: { id: lee.id, name: lee.name }, sets: 1, seconds: 10 * 60, boosts: 0, owedCents: 0 },
  ],
  potBoosts: 5,
  boosts: 30,
  moneyCents: 1800,
  comicsCents: 1260,
  codesSold: 4,
  codesRedeemed: 3,
  orders: 2,
  goal: { boosts: 50, reward: 'a song', reached: false },
  settled: false,
  settleFrom: '2026-11-23T01:00:00.000Z',
}

const quiet = answers(
  answerAction('stage.show', stage),
  answerAction('comics.list', [sam, lee]),
  answerAction('lineup.show', { ...show, showId: show.id, showName: show.name, entries: lineup }),
)

afterEach(() => localStorage.clear())

test("while a show is on, Tonight's bar holds Next, Pause, the set's timer and boosts; the lineup is folded", {
  timeout: 20_000,
}, async () => {
  const api = stubConsoleApi(answers(answerAction('tonight', tonight({})), quiet))
  const user = userEvent.setup()
  renderConsole('/admin')
  const next = await screen.findByRole('button', { name: 'Next: Lee Park' }, { timeout: 5000 })
  const bar = next.closest('.console-stage-bar')
  expect(bar?.classList.contains('is-sticky')).toBe(true)
  expect(within(bar as HTMLElement).getByRole('button', { name: 'Pause' })).toBeTruthy()
  expect(within(bar as HTMLElement).getByRole('timer').dataset.state).toBe('over')
  expect(await within(bar as HTMLElement).findByText(/25 boosts this set/)).toBeTruthy()

  const comics = screen.getByRole('region', { name: 'Boosts by comic tonight' })
  expect(within(comics).getByText('Sam Stone')).toBeTruthy()
  expect(screen.getByText('2 min ago')).toBeTruthy()

  // Folded: no lineup read until "Edit lineup" opens it.
  const fold = screen.getByText('Edit lineup')
  expect(api.inputs('lineup.show')).toEqual([])
  await user.click(fold)
  expect(await screen.findByRole('button', { name: /Save/ })).toBeTruthy()
  expect(api.inputs('lineup.show')).toHaveLength(1)
})

test('before the show, the stage is not stuck to the screen and the lineup is open', {
  timeout: 20_000,
}, async () => {
  stubConsoleApi(answers(answerAction('tonight', tonight({ state: 'upcoming' })), quiet))
  renderConsole('/admin')
  const next = await screen.findByRole('button', { name: 'Next: Lee Park' }, { timeout: 5000 })
  expect(next.closest('.console-stage-bar')?.classList.contains('is-sticky')).toBe(false)
  expect(screen.queryByText('Edit lineup')).toBeNull()
  expect(screen.queryByRole('region', { name: 'Boosts by comic tonight' })).toBeNull()
})

test('the set timer is amber past the planned minutes, red two minutes past, and says so', () => {
  const { rerender } = render(<SetTimer startedAt={minutesAgo(3)} plannedMinutes={10} />)
  expect(screen.getByRole('timer').dataset.state).toBe('on-time')
  expect(screen.getByRole('timer').textContent).toMatch(/^3:0\d of 10 min$/)
  rerender(<SetTimer startedAt={minutesAgo(11.5)} plannedMinutes={10} />)
  expect(screen.getByRole('timer').dataset.state).toBe('over')
  expect(screen.getByRole('timer').textContent).toMatch(/^11:\d\d of 10 min · 1:\d\d over$/)
  rerender(<SetTimer startedAt={minutesAgo(12.5)} plannedMinutes={10} />)
  expect(screen.getByRole('timer').dataset.state).toBe('long-over')
  rerender(<SetTimer startedAt={minutesAgo(30)} plannedMinutes={null} />)
  expect(screen.getByRole('timer').dataset.state).toBe('on-time')
  expect(screen.getByRole('timer').textContent).toContain('no planned length')
})

test('after the show, the wrap-up gives each comic’s figures and the next steps, until dismissed', {
  timeout: 20_000,
}, async () => {
  stubConsoleApi(
    answers(
      answerAction('tonight', tonight({ state: 'upcoming', wrapUp, setBoosts: null })),
      quiet,
    ),
  )
  const user = userEvent.setup()
  const { unmount } = renderConsole('/admin')
  const panel = await screen.findByRole(
    'region',
    { name: 'Wrap-up: Sunday Stand-Up' },
    { timeout: 5000 },
  )
  const figure = (label: string) => within(panel).getByText(label).nextElementSibling?.textContent
  expect([figure('Money in'), figure('To the comics'), figure('Codes sold')]).toEqual([
    '$18.00',
    '$12.60',
    '4',
  ])
  expect(
    within(panel).getByText(/Goal not reached: 50 boosts, a song\. 5 boosts to the pot\./),
  ).toBeTruthy()
  const rows = within(panel)
    .getAllByRole('row')
    .map((row) => row.textContent)
  expect(rows[1]).toBe('Sam Stone112 min25$12.60')
  expect(within(panel).getByRole('link', { name: 'Settle this show' }).getAttribute('href')).toBe(
    `/admin/books?show=${show.id}`,
  )
  expect(within(panel).getByRole('link', { name: 'Send statements' }).getAttribute('href')).toBe(
    '/admin/books?statements=all',
  )

  await user.click(within(panel).getByRole('button', { name: 'Dismiss the wrap-up' }))
  expect(screen.queryByRole('region', { name: 'Wrap-up: Sunday Stand-Up' })).toBeNull()
  expect(localStorage.getItem(dismissedKey)).toBe(show.id)
  // Dismissed on this device: it stays away when Tonight opens again.
  unmount()
  renderConsole('/admin')
  expect(await findHeading('Tonight')).toBeTruthy()
  await screen.findByRole('button', { name: 'Next: Lee Park' })
  expect(screen.queryByRole('region', { name: 'Wrap-up: Sunday Stand-Up' })).toBeNull()
})

test("Settle this show opens the Books page with that show's settlement asked", {
  timeout: 20_000,
}, async () => {
  const books: BooksOverview = {
    openShows: [
      { show, closed: false, moneyCents: 1800, comicsCents: 1260, clubCents: 540, boosts: 30 },
    ],
    months: [],
    comics: [],
  }
  const preview: ClosePreview = {
    sentence: 'Close Sunday Stand-Up: $12.60 to 1 comic.',
    shows: [{ id: show.id, name: show.name, comicsCents: 1260 }],
    comicsCents: 1260,
    comics: 1,
    leftOpen: [],
    refusal: null,
    statements: { toMail: [], withoutAddress: [], held: null },
  }
  const api = stubConsoleApi(
    answers(
      answerAction('books.overview', books),
      answerAction('settlements.close-check', preview),
    ),
  )
  renderConsole(`/admin/books?show=${show.id}`)
  expect(
    await screen.findByRole('heading', { name: 'Close Sunday Stand-Up: $12.60 to 1 comic.' }),
  ).toBeTruthy()
  expect(api.inputs('settlements.close-check')).toEqual([{ show: show.id }])
})

test("on a phone the console's pages are behind one Menu button that says whether it is open", {
  timeout: 20_000,
}, async () => {
  stubConsoleApi(answers(answerAction('tonight', tonight({ state: 'upcoming' })), quiet))
  const user = userEvent.setup()
  renderConsole('/admin')
  const menu = await screen.findByRole('button', { name: 'Menu' })
  expect(menu.getAttribute('aria-expanded')).toBe('false')
  expect(document.getElementById(menu.getAttribute('aria-controls') ?? '')?.className).toBe(
    'console-menu',
  )
  await user.click(menu)
  expect(menu.getAttribute('aria-expanded')).toBe('true')
  await user.keyboard('{Escape}')
  expect(menu.getAttribute('aria-expanded')).toBe('false')
  expect(document.activeElement).toBe(menu)
  await user.click(menu)
  await user.click(screen.getByRole('link', { name: 'Books' }))
  await screen.findByRole('heading', { level: 1, name: 'Books' })
  expect(menu.getAttribute('aria-expanded')).toBe('false')
})
