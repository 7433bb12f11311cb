import { fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, test, vi } from 'vitest'
import { consolePageTexts } from '../../../shared/console'
import { readableTime } from '../../../shared/readable-time'
import { hostTime } from '../format'
import { ShowForm } from './show-form'

const texts = consolePageTexts.shows

afterEach(() => {
  vi.restoreAllMocks()
})

test("a show's start is typed once, in Central time, read back in words with the host's own time; the form asks if it is an open mic", async () => {
  // The host's browser is in Berlin.
  const real = Intl.DateTimeFormat().resolvedOptions()
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
    ...real,
    timeZone: 'Europe/Berlin',
  })
  const onSave = vi.fn()
  render(<ShowForm busy={false} onSave={onSave} onCancel={() => {}} />)
  const typed = screen.getByLabelText('Starts (Central time)') as HTMLInputElement
  // One field for the start: no date or time picker beside it.
  expect(document.querySelectorAll('input[type="date"], input[type="time"]')).toHaveLength(0)
  const user = userEvent.setup()
  fireEvent.change(typed, { target: { value: '2026-12-01 20:00' } })
  const typedStart = new Date('2026-12-02T02:00:00.000Z')
  expect(screen.getByText(readableTime(typedStart), { exact: false })).toBeTruthy()
  // Beside it, the host's own clock: 3:00 the next morning in Berlin.
  const own = hostTime(typedStart, 'Europe/Berlin')
  expect(own).toMatch(/Dec 2.*3:00/)
  expect(screen.getByText(`your time: ${own}`, { exact: false })).toBeTruthy()

  fireEvent.change(typed, { target: { value: '2027-01-15 19:30' } })
  fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Winter Roast' } })
  await user.click(screen.getByLabelText(texts.makeOpenMic))
  await user.click(screen.getByRole('button', { name: 'Add the show' }))
  expect(onSave).toHaveBeenCalledWith(
    {
      name: 'Winter Roast',
      // 19:30 Central in January is 01:30 UTC the next day.
      startsAt: '2027-01-16T01:30:00.000Z',
      description: '',
    },
    { openMic: true },
  )
})

test("editing a show fills its start, and offers to make it an open mic there, not on the table's rows", async () => {
  const onOpen = vi.fn()
  render(
    <ShowForm
      busy={false}
      onSave={() => {}}
      onCancel={() => {}}
      openMic={{ isOne: false, onOpen }}
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
  expect((screen.getByLabelText('Starts (Central time)') as HTMLInputElement).value).toBe(
    '2026-07-04 20:00',
  )
  expect(screen.queryByLabelText(texts.makeOpenMic)).toBeNull()
  await userEvent.setup().click(screen.getByRole('button', { name: 'Make it an open mic' }))
  expect(onOpen).toHaveBeenCalledOnce()
})
