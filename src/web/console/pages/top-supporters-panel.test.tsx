import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import {
  answerAction,
  answers,
  findHeading,
  renderConsole,
  stubConsoleApi,
  testHost,
} from '#test/console-web'
import { supportersTexts } from '../../../shared/supporters'

const texts = supportersTexts.console

const tonight = answerAction('tonight', {
  state: 'live',
  show: {
    id: 'regular-20261122T2200Z',
    name: 'Sunday Stand-Up',
    startsAt: '2026-11-22T22:00:00.000Z',
  },
  totalBoosts: 60,
  codeBoosts: 60,
  memberBoosts: 0,
  gifts: [],
  codesSold: 10,
  codesRedeemed: 4,
  orders: 3,
  comics: [],
  setBoosts: null,
  wrapUp: null,
})

const supporters = [
  { name: 'Sam', boosts: 35 },
  { name: 'Ash', boosts: 25 },
]

test("the Tonight page lists the night's top supporters and turns them on and off the overlay with the host's action", async () => {
  let overlay = false
  const view = () => ({ overlay, showId: 'regular-20261122T2200Z', supporters })
  const api = stubConsoleApi(
    answers(
      tonight,
      answerAction('supporters.show', () => view()),
      answerAction('supporters.overlay', (input: unknown) => {
        overlay = (input as { on: boolean }).on
        return view()
      }),
    ),
  )
  const user = userEvent.setup()
  renderConsole('/admin')
  expect(await findHeading('Tonight')).toBeTruthy()
  const section = (await screen.findByRole('heading', { level: 2, name: texts.heading })).closest(
    'section',
  ) as HTMLElement
  const items = await within(section).findAllByRole('listitem')
  expect(items.map((item) => item.textContent)).toEqual(['Sam: 35', 'Ash: 25'])
  const box = within(section).getByRole('checkbox', { name: texts.overlayOn })
  expect((box as HTMLInputElement).checked).toBe(false)

  await user.click(box)
  expect(await within(section).findByText(texts.on)).toBeTruthy()
  expect((box as HTMLInputElement).checked).toBe(true)
  await user.click(box)
  expect(await within(section).findByText(texts.off)).toBeTruthy()
  expect((box as HTMLInputElement).checked).toBe(false)
  const sent = api.calls.filter((call) => call.url.endsWith('/supporters.overlay'))
  expect(sent.map((call) => call.body)).toEqual([{ on: true }, { on: false }])
  expect(sent[0]).toMatchObject({ method: 'POST', csrf: testHost.csrfToken })
})

test('with no named gifts yet, the panel says so', async () => {
  stubConsoleApi(
    answers(
      tonight,
      answerAction('supporters.show', {
        overlay: true,
        showId: 'regular-20261122T2200Z',
        supporters: [],
      }),
    ),
  )
  renderConsole('/admin')
  const section = (await screen.findByRole('heading', { level: 2, name: texts.heading })).closest(
    'section',
  ) as HTMLElement
  expect(await within(section).findByText(texts.none)).toBeTruthy()
  expect(
    (within(section).getByRole('checkbox', { name: texts.overlayOn }) as HTMLInputElement).checked,
  ).toBe(true)
  expect(within(section).queryAllByRole('listitem')).toEqual([])
})
