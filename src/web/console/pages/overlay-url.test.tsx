import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import { answerAction, answers, renderConsole, stubConsoleApi } from '#test/console-web'
import { stageKeyTexts } from '../../../shared/stage'

test("the Tonight page shows the overlay's URL with its key; a new key is asked first, then shown", async () => {
  const url = (key: string) => `https://club.example/overlay?key=${key}`
  const api = stubConsoleApi(
    answers(
      answerAction('tonight', {
        state: 'upcoming',
        show: null,
        totalBoosts: 0,
        codeBoosts: 0,
        memberBoosts: 0,
        gifts: [],
        codesSold: 0,
        codesRedeemed: 0,
        orders: 0,
        comics: [],
        setBoosts: null,
        wrapUp: null,
      }),
      answerAction('stage.key', (input: unknown) => {
        const renew = (input as { renew?: boolean }).renew === true
        const key = renew ? 'NewKey' : 'OldKey'
        return { key, overlayUrl: url(key), renewed: renew }
      }),
    ),
  )
  const user = userEvent.setup()
  renderConsole('/admin')
  // Before a show too: OBS is set up ahead of it.
  const field = await screen.findByLabelText<HTMLInputElement>(stageKeyTexts.label)
  expect(field.value).toBe(url('OldKey'))
  await user.click(screen.getByRole('button', { name: stageKeyTexts.renew }))
  expect(await screen.findByRole('heading', { name: stageKeyTexts.renewQuestion })).toBeTruthy()
  await user.click(screen.getByRole('button', { name: stageKeyTexts.keep }))
  expect(api.inputs('stage.key')).toEqual([{}])

  await user.click(screen.getByRole('button', { name: stageKeyTexts.renew }))
  await user.click(screen.getByRole('button', { name: stageKeyTexts.renewConfirm }))
  expect(await screen.findByText(stageKeyTexts.renewed)).toBeTruthy()
  expect(field.value).toBe(url('NewKey'))
  expect(api.inputs('stage.key')).toEqual([{}, { renew: true }])
  expect(screen.queryByRole('heading', { name: stageKeyTexts.renewQuestion })).toBeNull()
})
