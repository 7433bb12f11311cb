import { screen } from '@testing-library/react'
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
import { stageButtons, stageSaid } from '../../../shared/stage'

const tonight = answerAction('tonight', {
  state: 'live',
  show: {
    id: 'regular-20261122T2200Z',
    name: 'Sunday Stand-Up',
    startsAt: '2026-11-22T22:00:00.000Z',
  },
  totalBoosts: 40,
  codeBoosts: 40,
  memberBoosts: 0,
  gifts: [],
  codesSold: 10,
  codesRedeemed: 4,
  orders: 3,
  comics: [],
  setBoosts: null,
  wrapUp: null,
})

test("the Tonight page's stream alert buttons send the host's command and say what it did", async () => {
  const api = stubConsoleApi(
    answers(
      tonight,
      answerAction('stage.send', (input: unknown) => {
        const { action } = input as { action: keyof typeof stageSaid }
        return { action, id: '1795905000000-~abc', said: stageSaid[action] }
      }),
    ),
  )
  const user = userEvent.setup()
  renderConsole('/admin')
  expect(await findHeading('Tonight')).toBeTruthy()
  await user.click(await screen.findByRole('button', { name: stageButtons.test }))
  expect(await screen.findByText(stageSaid.test)).toBeTruthy()
  await user.click(screen.getByRole('button', { name: stageButtons.pause }))
  expect(await screen.findByText(stageSaid.pause)).toBeTruthy()
  const sent = api.calls.filter((call) => call.url.endsWith('/stage.send'))
  expect(sent.map((call) => call.body)).toEqual([{ action: 'test' }, { action: 'pause' }])
  expect(sent[0]).toMatchObject({ method: 'POST', csrf: testHost.csrfToken })
})
