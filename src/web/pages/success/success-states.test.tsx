import { act, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { limits } from '../../../shared/limits'
import { formatCentral } from '../../../shared/show-time'
import { texts } from '../../../shared/texts'
import { redeemTexts, worldLinkedAttribute, worldPath } from '../../../shared/world'
import { TransitionRouter } from '../../components/transition-router'
import { SuccessPage } from './success-page'
import { successTexts } from './success-texts'

// The path from the codes to the world: each code's state read live, the show's countdown and
// calendar file, the kiosk's steps, and a purchase turned back said once.

const fetchMock = vi.fn<typeof fetch>()

beforeEach(() => {
  // Saturday noon Central: the show is the next day at 4 PM CT, 1 day 4 hours away.
  vi.useFakeTimers({ now: new Date('2026-11-21T18:00:00.000Z'), shouldAdvanceTime: false })
  vi.stubGlobal('fetch', fetchMock)
})

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  fetchMock.mockReset()
})

const show = { id: 'evt_sunday', name: 'Sunday Stand-Up', startsAt: '2026-11-22T22:00:00.000Z' }
const expiresAt = '2026-11-23T01:00:00.000Z'
const redeemedAt = '2026-11-21T17:30:00.000Z'
const ffr = 'FFR 10: 5 boosts, donor wall mention'

function session(states: Array<'unused' | 'redeemed' | 'voided' | 'expired'>) {
  const codes = ['ABCDE-23456', 'HJKMN-PQRST', 'XYZUV-WXY23', 'MNPQR-STUVW']
  return {
    id: 'cs_paid',
    codes: states.map((state, i) => ({
      code: codes[i],
      description: ffr,
      state,
      redeemedAt: state === 'redeemed' ? redeemedAt : null,
      expiresAt,
    })),
    show,
  }
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  })
}

function answer(...responses: Array<() => Response>) {
  for (const respond of responses) fetchMock.mockImplementationOnce(async () => respond())
}

async function wait(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms)
  })
  for (let round = 0; round < 5; round++) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0)
    })
  }
}

function renderSuccess() {
  return render(
    <TransitionRouter url={'/success?session_id=cs_paid'}>
      <SuccessPage />
    </TransitionRouter>,
  )
}

function codeCard(code: string): HTMLElement {
  const card = screen.getByText(code).closest('li')
  if (!card) throw new Error(`no card for ${code}`)
  return card
}

test('each code says where it stands: ready, redeemed and when, voided, expired', async () => {
  answer(() => json(200, session(['unused', 'redeemed', 'voided', 'expired'])))
  renderSuccess()
  await wait(0)
  expect(within(codeCard('ABCDE-23456')).getByText(successTexts.stateUnused)).toBeTruthy()
  expect(
    within(codeCard('HJKMN-PQRST')).getByText(
      successTexts.stateRedeemed(formatCentral(new Date(redeemedAt))),
    ),
  ).toBeTruthy()
  expect(within(codeCard('XYZUV-WXY23')).getByText(successTexts.stateVoided)).toBeTruthy()
  expect(within(codeCard('MNPQR-STUVW')).getByText(successTexts.stateExpired)).toBeTruthy()
})

test('the show has its countdown, its calendar file and the way into the world', async () => {
  // The show's codes are all used: the page asks nothing more while the countdown runs.
  answer(() => json(200, session(['redeemed'])))
  renderSuccess()
  await wait(0)
  expect(screen.getByText(successTexts.startsIn('1 day 4 hours'))).toBeTruthy()
  const calendar = screen.getByRole('link', { name: successTexts.addToCalendar })
  expect(calendar.getAttribute('href')).toBe('/api/schedule/evt_sunday.ics')
  // No world set (the server says so on <html>): no link to it at all.
  expect(screen.queryAllByText(redeemTexts.openWorld)).toEqual([])
  expect(screen.getByText(redeemTexts.untrusted)).toBeTruthy()
  expect(screen.getByRole('img', { name: redeemTexts.kioskAlt })).toBeTruthy()
  for (const step of redeemTexts.steps) expect(screen.getByText(step)).toBeTruthy()

  // The show's hour comes: the countdown says it is on.
  vi.setSystemTime(new Date('2026-11-22T22:10:00.000Z'))
  await wait(30_000)
  expect(screen.getByText(successTexts.onNow)).toBeTruthy()
})

test('with a world set (told on <html>), the way into the world links to /world', async () => {
  answer(() => json(200, session(['redeemed'])))
  document.documentElement.setAttribute(worldLinkedAttribute, 'linked')
  try {
    renderSuccess()
    await wait(0)
    const world = screen.getAllByRole('link', { name: redeemTexts.openWorld })
    expect(world.map((link) => link.getAttribute('href'))).toContain(worldPath)
  } finally {
    document.documentElement.removeAttribute(worldLinkedAttribute)
  }
})

test('while a code is unused the page reads the states again, and shows a redemption', async () => {
  answer(
    () => json(200, session(['unused', 'unused'])),
    () => json(200, session(['redeemed', 'unused'])),
  )
  renderSuccess()
  await wait(0)
  expect(screen.getAllByText(successTexts.stateUnused)).toHaveLength(2)
  await wait(limits.codeStateRefreshMs)
  expect(fetchMock).toHaveBeenCalledTimes(2)
  expect(within(codeCard('ABCDE-23456')).getByText(/^Redeemed /)).toBeTruthy()
})

test('nothing is asked again once no code can change', async () => {
  answer(() => json(200, session(['redeemed', 'expired'])))
  renderSuccess()
  await wait(0)
  await wait(limits.codeStateRefreshMs * 3)
  expect(fetchMock).toHaveBeenCalledTimes(1)
})

const refunded = 'This purchase was refunded, so its codes no longer work.'

test('a refunded purchase says so once, without sending the fan to their mail for codes', async () => {
  answer(() => json(410, { message: refunded }))
  renderSuccess()
  await wait(0)
  expect(screen.getByRole('heading', { level: 1, name: successTexts.endedHeading })).toBeTruthy()
  expect(screen.getAllByText(refunded)).toHaveLength(1)
  expect(screen.queryByText(texts.successErrorAdvice)).toBeNull()
  expect(screen.queryByRole('heading', { name: texts.successErrorHeading })).toBeNull()
  expect(screen.queryByRole('button', { name: 'Send my codes' })).toBeNull()
  expect(screen.getByRole('link', { name: texts.backToStore })).toBeTruthy()
})

test('a refund made while the codes are on screen replaces them with the refund', async () => {
  answer(
    () => json(200, session(['unused'])),
    () => json(410, { message: refunded }),
  )
  renderSuccess()
  await wait(0)
  expect(screen.getByText('ABCDE-23456')).toBeTruthy()
  await wait(limits.codeStateRefreshMs)
  expect(screen.queryByText('ABCDE-23456')).toBeNull()
  expect(screen.getByText(refunded)).toBeTruthy()
})
