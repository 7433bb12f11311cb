import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import {
  answerAction,
  answers,
  findHeading,
  renderConsole,
  stubConsoleApi,
} from '#test/console-web'
import { type GoalView, goalHostTexts, goalTexts } from '../../../shared/goal'
import type { GoalChange } from '../../../shared/goal-operator'

const show = { id: 'regular-20261122T2200Z', name: 'Sunday Stand-Up' }
const tonight = answerAction('tonight', {
  state: 'live',
  show: { ...show, startsAt: '2026-11-22T22:00:00.000Z' },
  totalBoosts: 312,
  codeBoosts: 312,
  memberBoosts: 0,
  gifts: [],
  codesSold: 40,
  codesRedeemed: 30,
  orders: 12,
  comics: [],
  setBoosts: null,
  wrapUp: null,
})

test("the Tonight page shows the night's goal and how far the room is, and sets it with the operator action", async () => {
  let goal: GoalView | null = null
  const api = stubConsoleApi(
    answers(
      tonight,
      answerAction('goal.show', () => ({
        showId: show.id,
        show: show.name,
        totalBoosts: 312,
        goal,
      })),
      answerAction('goal.set', (input: unknown) => {
        const { boosts, reward } = input as { boosts: number; reward: string }
        goal = { boosts, reward, level: 1, reached: false }
        const change: GoalChange = {
          showId: show.id,
          show: show.name,
          totalBoosts: 312,
          goal,
          change: 'set',
          reachedNow: false,
          said: goalHostTexts.set(goal, show.name),
        }
        return change
      }),
    ),
  )
  const user = userEvent.setup()
  renderConsole('/admin')
  expect(await findHeading('Tonight')).toBeTruthy()
  expect(await screen.findByText(goalTexts.none)).toBeTruthy()
  await user.type(screen.getByLabelText(goalHostTexts.boostsLabel), '500')
  await user.type(screen.getByLabelText(goalHostTexts.rewardLabel), 'crowd work')
  await user.click(screen.getByRole('button', { name: goalHostTexts.setButton }))
  const set = { boosts: 500, reward: 'crowd work', level: 1, reached: false }
  expect(await screen.findByText(goalHostTexts.set(set, show.name))).toBeTruthy()
  expect(
    api.calls.filter((call) => call.url.endsWith('/goal.set')).map((call) => call.body),
  ).toEqual([{ show: show.id, boosts: 500, reward: 'crowd work' }])
  // The bar reads as the words say: 312 of 500.
  const bar = await screen.findByRole('progressbar', { name: /312 of 500 boosts: crowd work/ })
  expect(bar.getAttribute('value')).toBe('312')
  expect(bar.getAttribute('max')).toBe('500')
})

test('once the goal is reached the button raises it for a next level', async () => {
  const reached: GoalView = { boosts: 300, reward: 'crowd work', level: 1, reached: true }
  stubConsoleApi(
    answers(
      tonight,
      answerAction('goal.show', {
        showId: show.id,
        show: show.name,
        totalBoosts: 312,
        goal: reached,
      }),
    ),
  )
  renderConsole('/admin')
  expect(await screen.findByRole('button', { name: goalHostTexts.raiseButton })).toBeTruthy()
  expect(screen.getByText(goalTexts.reachedTitle)).toBeTruthy()
})
