import { fireEvent, screen, within } from '@testing-library/react'
import { expect, test } from 'vitest'
import { answerAction, answers, renderConsole, stubConsoleApi } from '#test/console-web'
import { consolePageTexts } from '../../../shared/console'
import type { EventImpact, EventView } from '../../../shared/operator-views'
import { describe } from './show-change-confirm'
import { showChangeTexts } from './show-change-texts'

const show: EventView = {
  id: 'evt_1',
  name: 'Saturday Late Show',
  description: '',
  startsAt: '2026-12-06T01:30:00.000Z',
  source: 'operator',
  over: false,
}
/** The show as the Shows table lists it. */
const listed = { ...show, codesSold: 9, lineup: ['Lee Park'], openMic: false }
const next: EventView = {
  ...show,
  id: 'evt_2',
  name: 'Sunday Show',
  startsAt: '2026-12-06T22:00:00.000Z',
}
const impact: EventImpact = {
  event: show,
  orders: 5,
  codes: 9,
  redeemed: 0,
  unused: 9,
  buyers: 5,
  next,
}

test('removing a show with codes sold says how many buyers are mailed and waits for the host to choose a refund or the next show', async () => {
  const stub = stubConsoleApi(
    answers(
      answerAction('events.list', { items: [listed], total: 1, page: 1, pageSize: 25 }),
      answerAction('events.impact', impact),
      answerAction('events.remove', { event: show, mailed: 5, movedTo: next }),
    ),
  )
  renderConsole('/admin/shows')
  // The Shows page's chunk, then its list: slow on a busy machine.
  await screen.findByRole('heading', { level: 1, name: 'Shows' }, { timeout: 5000 })
  fireEvent.click(
    (
      await screen.findAllByRole('button', { name: /^Remove/ }, { timeout: 5000 })
    )[0] as HTMLElement,
  )
  const confirm = await screen.findByRole('region', {
    name: consolePageTexts.shows.removeQuestion(describe(show)),
  })
  expect(within(confirm).getByText(showChangeTexts.willMail(5))).toBeTruthy()
  const remove = within(confirm).getByRole('button', {
    name: 'Remove the show',
  }) as HTMLButtonElement
  expect(remove.disabled).toBe(true)
  fireEvent.click(
    within(confirm).getByRole('radio', { name: showChangeTexts.nextOption(describe(next)) }),
  )
  expect(remove.disabled).toBe(false)
  fireEvent.click(remove)
  expect(
    await screen.findByText(
      `${consolePageTexts.shows.removed(describe(show))}${showChangeTexts.mailed(5)}${showChangeTexts.removedCodes({ event: show, movedTo: next })}`,
    ),
  ).toBeTruthy()
  expect(stub.inputs('events.remove')).toEqual([{ id: 'evt_1', codes: 'next' }])
}, 15_000)

test('a show with no codes sold is removed at once after the question, with no choice to make', async () => {
  const stub = stubConsoleApi(
    answers(
      answerAction('events.list', { items: [listed], total: 1, page: 1, pageSize: 25 }),
      answerAction('events.impact', { ...impact, orders: 0, codes: 0, unused: 0, buyers: 0 }),
      answerAction('events.remove', { event: show, mailed: 0 }),
    ),
  )
  renderConsole('/admin/shows')
  // The Shows page's chunk, then its list: slow on a busy machine.
  await screen.findByRole('heading', { level: 1, name: 'Shows' }, { timeout: 5000 })
  fireEvent.click(
    (
      await screen.findAllByRole('button', { name: /^Remove/ }, { timeout: 5000 })
    )[0] as HTMLElement,
  )
  const confirm = await screen.findByRole('region', {
    name: consolePageTexts.shows.removeQuestion(describe(show)),
  })
  expect(within(confirm).getByText(showChangeTexts.willMail(0))).toBeTruthy()
  expect(within(confirm).queryByRole('radio')).toBeNull()
  fireEvent.click(within(confirm).getByRole('button', { name: 'Remove the show' }))
  expect(await screen.findByText(consolePageTexts.shows.removed(describe(show)))).toBeTruthy()
  expect(stub.inputs('events.remove')).toEqual([{ id: 'evt_1' }])
}, 15_000)
