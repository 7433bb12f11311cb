import { act, fireEvent, render, screen } from '@testing-library/react'
import { StrictMode } from 'react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { limits } from '../../../shared/limits'
import { formatCentral } from '../../../shared/show-time'
import { texts } from '../../../shared/texts'
import { TransitionRouter } from '../../components/transition-router'
import { cartStorageKey } from '../store/cart-storage'
import { SuccessPage } from './success-page'

const fetchMock = vi.fn<typeof fetch>()
/** The fake clock's time at each request, to check the spacing of the polls. */
let requestTimes: number[] = []

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: false })
  requestTimes = []
  vi.stubGlobal('fetch', fetchMock)
})

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  fetchMock.mockReset()
})

const show = { name: 'Sunday Stand-Up', startsAt: '2026-11-22T22:00:00.000Z' }
const paid = {
  id: 'cs_paid',
  codes: [
    { code: 'ABCDE23456', description: 'FFR 10: 5 boosts, donor wall mention' },
    { code: 'HJKMN-PQRST', description: 'FFR 10: 5 boosts, donor wall mention' },
    { code: 'xyzuv-wxy23', description: '5 Boosts: 5 boosts' },
  ],
  show,
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  })
}

const pending = () => json(202, { message: 'Payment is still being processed.' })

/** Answers the fetches in order, one response (or thrown error) per call. */
function answer(...responses: Array<() => Response | Promise<Response>>) {
  for (const respond of responses) {
    fetchMock.mockImplementationOnce(async () => {
      requestTimes.push(Date.now())
      return respond()
    })
  }
}

function renderSuccess(search = '?session_id=cs_paid', strict = false) {
  const page = (
    <TransitionRouter url={`/success${search}`}>
      <SuccessPage />
    </TransitionRouter>
  )
  return render(strict ? <StrictMode>{page}</StrictMode> : page)
}

/** Lets pending promises settle (and timers due now run) without moving the clock. */
async function settle() {
  for (let round = 0; round < 5; round++) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0)
    })
  }
}

async function wait(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms)
  })
  await settle()
}

function errorHeading() {
  return screen.queryByRole('heading', { level: 1, name: texts.successErrorHeading })
}

function expectErrorView(message: string) {
  expect(errorHeading()).toBeTruthy()
  expect(screen.getByRole('alert').textContent).toBe(message)
  expect(screen.getByText(texts.successErrorAdvice)).toBeTruthy()
  // A fan whose codes cannot be shown can have them mailed again from here.
  expect(screen.getByRole('heading', { level: 2, name: 'Lost your codes?' })).toBeTruthy()
  expect(screen.getByRole('button', { name: 'Send my codes' })).toBeTruthy()
  expect(screen.getByRole('link', { name: texts.backToStore }).getAttribute('href')).toBe('/store')
  expect(
    screen
      .getAllByRole('link', { name: texts.backToHome })
      .some((link) => link.getAttribute('href') === '/'),
  ).toBe(true)
}

test('a missing session id is an error and asks the server nothing', async () => {
  renderSuccess('')
  await wait(10_000)
  expectErrorView(texts.noSessionId)
  expect(fetchMock).not.toHaveBeenCalled()
})

test('an empty session id counts as missing', async () => {
  renderSuccess('?session_id=')
  await settle()
  expectErrorView(texts.noSessionId)
  expect(fetchMock).not.toHaveBeenCalled()
})

test('the loading view shows while the first request is out', async () => {
  fetchMock.mockReturnValueOnce(new Promise<Response>(() => {}))
  renderSuccess()
  expect(screen.getByRole('heading', { level: 1, name: texts.loadingPurchase })).toBeTruthy()
  await settle()
  expect(screen.getByRole('status').textContent).toBe(texts.checkingCodes(1, limits.pollAttempts))
  // While the codes are being made, nothing invites the fan to leave.
  expect(screen.queryByRole('link', { name: texts.backToStore })).toBeNull()
  expect(screen.queryByRole('link', { name: texts.backToHome })).toBeNull()
})

test('codes are listed with their descriptions and the show, and the cart is emptied', async () => {
  localStorage.setItem(cartStorageKey, JSON.stringify({ lines: [{ id: 'ffr-10', quantity: 2 }] }))
  answer(() => json(200, paid))
  renderSuccess()
  await settle()
  expect(screen.getByText('ABCDE-23456')).toBeTruthy()
  expect(screen.getByText('HJKMN-PQRST')).toBeTruthy()
  expect(screen.getByText('XYZUV-WXY23')).toBeTruthy()
  expect(screen.getAllByText('FFR 10: 5 boosts, donor wall mention')).toHaveLength(2)
  expect(screen.getByText('5 Boosts: 5 boosts')).toBeTruthy()
  expect(screen.getByText(show.name)).toBeTruthy()
  expect(screen.getByText(new RegExp(formatCentral(new Date(show.startsAt))))).toBeTruthy()
  expect(screen.getAllByRole('button', { name: /^Copy code / })).toHaveLength(3)
  expect(localStorage.getItem(cartStorageKey)).toBeNull()
  expect(fetchMock).toHaveBeenCalledTimes(1)
  expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/get-session?session_id=cs_paid')
})

test('the cart is kept while the codes are not there yet', async () => {
  localStorage.setItem(cartStorageKey, JSON.stringify({ lines: [{ id: 'ffr-10', quantity: 2 }] }))
  answer(pending)
  renderSuccess()
  await settle()
  expect(localStorage.getItem(cartStorageKey)).not.toBeNull()
})

test('a 202 waits three seconds and asks again, then shows the codes', async () => {
  answer(pending, () => json(200, paid))
  renderSuccess()
  await settle()
  expect(screen.getByRole('status').textContent).toBe(texts.codesProcessing(1, limits.pollAttempts))
  expect(fetchMock).toHaveBeenCalledTimes(1)
  await wait(limits.pollIntervalMs - 1)
  expect(fetchMock).toHaveBeenCalledTimes(1)
  await wait(1)
  expect(fetchMock).toHaveBeenCalledTimes(2)
  expect(screen.getByText('ABCDE-23456')).toBeTruthy()
})

test('six 202 answers give up after exactly six requests, three seconds apart', async () => {
  answer(...Array.from({ length: 10 }, () => pending))
  renderSuccess()
  await settle()
  for (let attempt = 1; attempt < limits.pollAttempts; attempt++) {
    expect(fetchMock).toHaveBeenCalledTimes(attempt)
    expect(screen.getByRole('status').textContent).toBe(
      texts.codesProcessing(attempt, limits.pollAttempts),
    )
    await wait(limits.pollIntervalMs)
  }
  expectErrorView(texts.pollingGaveUp(6))
  await wait(limits.pollIntervalMs * 5)
  expect(fetchMock).toHaveBeenCalledTimes(6)
  const gaps = requestTimes.slice(1).map((time, index) => time - (requestTimes[index] ?? 0))
  expect(gaps).toEqual([3000, 3000, 3000, 3000, 3000])
})

test('a 200 with an empty codes list is an error', async () => {
  answer(() => json(200, { ...paid, codes: [] }))
  renderSuccess()
  await settle()
  expectErrorView(texts.unexpectedData)
})

test('a 200 without codes at all is an error', async () => {
  answer(() => json(200, { id: 'cs_paid' }))
  renderSuccess()
  await settle()
  expectErrorView(texts.unexpectedData)
})

test('a 200 whose body is not JSON is an error', async () => {
  answer(() => new Response('<html>ok</html>', { status: 200 }))
  renderSuccess()
  await settle()
  expectErrorView(texts.unexpectedData)
})

test('another OK status is unexpected', async () => {
  answer(() => new Response(null, { status: 204 }))
  renderSuccess()
  await settle()
  expectErrorView(texts.unexpectedStatus(204))
})

test('a 4xx answer shows the server message', async () => {
  answer(() => json(400, { message: 'That session id is not valid.' }))
  renderSuccess()
  await settle()
  expectErrorView('That session id is not valid.')
  expect(fetchMock).toHaveBeenCalledTimes(1)
})

test('a 5xx answer without a body is a server error', async () => {
  answer(() => new Response(null, { status: 500 }))
  renderSuccess()
  await settle()
  expectErrorView(texts.sessionServerError(500))
})

test('a 404 answer without a body is an HTTP error', async () => {
  answer(() => new Response('Not Found', { status: 404 }))
  renderSuccess()
  await settle()
  expectErrorView(texts.sessionHttpError(404))
})

test('a network failure shows its message', async () => {
  answer(() => {
    throw new TypeError('Failed to fetch')
  })
  renderSuccess()
  await settle()
  expectErrorView(texts.unreachable)
})

test('leaving the page during the wait cancels the next poll', async () => {
  answer(pending, pending, pending)
  const page = renderSuccess()
  await settle()
  expect(fetchMock).toHaveBeenCalledTimes(1)
  page.unmount()
  await wait(limits.pollIntervalMs * 3)
  expect(fetchMock).toHaveBeenCalledTimes(1)
})

test('leaving the page aborts the request in flight', async () => {
  fetchMock.mockReturnValueOnce(new Promise<Response>(() => {}))
  const page = renderSuccess()
  await settle()
  const signal = fetchMock.mock.calls[0]?.[1]?.signal
  expect(signal?.aborted).toBe(false)
  page.unmount()
  expect(signal?.aborted).toBe(true)
})

test('StrictMode mounting twice still sends one request per attempt', async () => {
  answer(pending, () => json(200, paid))
  renderSuccess('?session_id=cs_paid', true)
  await settle()
  expect(fetchMock).toHaveBeenCalledTimes(1)
  await wait(limits.pollIntervalMs)
  expect(fetchMock).toHaveBeenCalledTimes(2)
  expect(screen.getByText('ABCDE-23456')).toBeTruthy()
})

test('the copy button copies the code and confirms it', async () => {
  const writeText = vi.fn<(text: string) => Promise<void>>(async () => {})
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
  answer(() => json(200, paid))
  renderSuccess()
  await settle()
  fireEvent.click(screen.getByRole('button', { name: 'Copy code ABCDE-23456' }))
  await settle()
  expect(writeText).toHaveBeenCalledWith('ABCDE-23456')
  expect(screen.getByText(texts.copied)).toBeTruthy()
  Reflect.deleteProperty(navigator, 'clipboard')
})

test('without clipboard access the code is selected and the person told how to copy it', async () => {
  const writeText = vi.fn<(text: string) => Promise<void>>(async () => {
    throw new Error('denied')
  })
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
  answer(() => json(200, paid))
  renderSuccess()
  await settle()
  fireEvent.click(screen.getByRole('button', { name: 'Copy code HJKMN-PQRST' }))
  await settle()
  expect(screen.getByText(texts.copyFailed)).toBeTruthy()
  expect(window.getSelection()?.toString()).toBe('HJKMN-PQRST')
  Reflect.deleteProperty(navigator, 'clipboard')
})
