import { fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, test, vi } from 'vitest'
import { consolePageTexts } from '../../../shared/console'
import { formatCentralTime } from '../../../shared/show-time'
import { hostTime } from '../format'
import { ShowForm } from './show-form'

const texts = consolePageTexts.shows

afterEach(() => {
  vi.restoreAllMocks()
})

test("a show's start is picked with a date and a time in Central time, or typed; the host's own time beside it", async () => {
  // The host's browser is in Berlin.
  const real = Intl.DateTimeFormat().resolvedOptions()
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
    ...real,
    timeZone: 'Europe/Berlin',
  })
  const onSave = vi.fn()
  render(<ShowForm busy={false} onSave={onSave} onCancel={() => {}} />)
  const typed = screen.getByLabelText('Starts (Central time)') as HTMLInputElement
  const day = screen.getByLabelText(texts.pickDay) as HTMLInputElement
  const time = screen.getByLabelText(texts.pickTime) as HTMLInputElement
  expect([day.type, time.type]).toEqual(['date', 'time'])

  // Picked: the day, then the time, write the start as it would be typed.
  fireEvent.change(day, { target: { value: '2026-12-01' } })
  expect(typed.value).toBe('2026-12-01')
  fireEvent.change(time, { target: { value: '20:00' } })
  expect(typed.value).toBe('2026-12-01 20:00')
  const picked = new Date('2026-12-02T02:00:00.000Z')
  expect(screen.getByText(formatCentralTime(picked), { exact: false })).toBeTruthy()
  // Beside it, the host's own clock: 3:00 the next morning in Berlin.
  const own = hostTime(picked, 'Europe/Berlin')
  expect(own).toMatch(/Dec 2.*3:00/)
  expect(screen.getByText(`your time: ${own}`, { exact: false })).toBeTruthy()

  // Typed: the pickers follow.
  const user = userEvent.setup()
  await user.clear(typed)
  await user.type(typed, '2027-01-15 19:30')
  expect([day.value, time.value]).toEqual(['2027-01-15', '19:30'])
  await user.type(screen.getByLabelText('Name'), 'Winter Roast')
  await user.click(screen.getByRole('button', { name: 'Add the show' }))
  expect(onSave).toHaveBeenCalledWith({
    name: 'Winter Roast',
    // 19:30 Central in January is 01:30 UTC the next day.
    startsAt: '2027-01-16T01:30:00.000Z',
    description: '',
  })
})

test("editing a show's start fills the pickers from it", () => {
  render(
    <ShowForm
      busy={false}
      onSave={() => {}}
      onCancel={() => {}}
      event={
        {
          id: 'evt_1',
          name: 'Sunday Stand-Up',
          startsAt: '2026-07-05T01:00:00.000Z',
          description: '',
        } as never
      }
    />,
  )
  // 01:00 UTC on 5 July is 20:00 Central (daylight time) on the 4th.
  expect((screen.getByLabelText(texts.pickDay) as HTMLInputElement).value).toBe('2026-07-04')
  expect((screen.getByLabelText(texts.pickTime) as HTMLInputElement).value).toBe('20:00')
})
