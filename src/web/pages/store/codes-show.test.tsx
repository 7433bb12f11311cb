import { render, screen } from '@testing-library/react'
import { afterEach, expect, test, vi } from 'vitest'
import { withSchedule } from '#test/fetch-stub'
import { CodesShow } from './codes-show'
import { storeTexts } from './store-texts'

afterEach(() => {
  vi.useRealTimers()
})

const sunday = {
  id: 'sun',
  name: 'Sunday Stand-Up',
  description: '',
  startTime: '2026-11-29T22:00:00.000Z',
}

test("the store names the schedule's next show as the one codes are for", async () => {
  vi.useFakeTimers({ now: new Date('2026-11-29T15:00:00Z'), shouldAdvanceTime: true })
  const past = { ...sunday, id: 'old', startTime: '2026-11-28T01:00:00.000Z' }
  vi.stubGlobal('fetch', withSchedule(vi.fn<typeof fetch>(), [past, sunday]))
  render(<CodesShow />)
  // Before the schedule is in, the rule in words; read where it is, not announced over the cart's.
  expect(screen.getByText(storeTexts.codesForNext).closest('[aria-live]')).toBeNull()
  expect(
    await screen.findByText("Codes bought now are for Sunday's show, November 29, 4 PM Central."),
  ).toBeTruthy()
})

test('when the schedule cannot be read, the rule in words stays', async () => {
  const error = vi.spyOn(console, 'error').mockImplementation(() => {})
  vi.stubGlobal('fetch', async () => new Response('down', { status: 503 }))
  render(<CodesShow />)
  await vi.waitFor(() => expect(error).toHaveBeenCalled())
  expect(screen.getByText(storeTexts.codesForNext)).toBeTruthy()
  error.mockRestore()
})
