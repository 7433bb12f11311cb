import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, expect, test } from 'vitest'
import {
  answerAction,
  answers,
  findHeading,
  renderConsole,
  stubConsoleApi,
  testHost,
} from '#test/console-web'
import { consoleTitle } from '../../../shared/console'
import { type HostJokeView, jokeConsoleTexts } from '../../../shared/jokes'

// The answers' schemas load with the first answer: here once, before the first test's clock.
beforeAll(() => import('../../api/answer-schemas'))

const joke = (id: string, state: HostJokeView['state'], text: string): HostJokeView => ({
  id,
  text,
  state,
  tier: 'membership-2',
  displayName: id === 'jok_a' ? 'Robin' : null,
  membershipId: 'mem_1',
  sentAt: '2026-11-22T22:30:00.000Z',
  updatedAt: '2026-11-22T22:30:00.000Z',
})

test('lists the jokes to read with the buttons each state allows, and moves one', async () => {
  let accepted = false
  const api = stubConsoleApi(
    answers(
      answerAction('jokes.list', () => [
        joke('jok_a', accepted ? 'accepted' : 'waiting', 'Knock knock.\nWho is there?'),
        joke('jok_b', 'accepted', 'A second joke'),
      ]),
      answerAction('jokes.accept', () => {
        accepted = true
        return { changed: true, joke: joke('jok_a', 'accepted', 'Knock knock.') }
      }),
    ),
  )
  const user = userEvent.setup()
  renderConsole('/admin/jokes')
  expect(await findHeading('Jokes')).toBeTruthy()
  await expect.poll(() => document.title).toBe(consoleTitle('Jokes'))
  const rows = await screen.findAllByRole('row')
  const [first, second] = rows.slice(1)
  expect(first?.textContent).toContain('Tier 2: Robin')
  const firstButtons = within(first as HTMLElement).getAllByRole('button')
  expect(firstButtons.map((b) => b.textContent?.split(':')[0])).toEqual(['Accept', 'Decline'])
  const secondButtons = within(second as HTMLElement).getAllByRole('button')
  expect(secondButtons.map((b) => b.textContent?.split(':')[0])).toEqual(['Performed', 'Decline'])
  expect(api.inputs('jokes.list')).toEqual([{ states: ['waiting', 'accepted'] }])

  await user.click(firstButtons[0] as HTMLElement)
  expect(await screen.findByText(jokeConsoleTexts.moved('accepted'))).toBeTruthy()
  const sent = api.calls.find((call) => call.url.endsWith('/jokes.accept'))
  expect(sent).toMatchObject({ method: 'POST', body: { id: 'jok_a' }, csrf: testHost.csrfToken })
  // The list is read again: the joke now offers Performed.
  await expect
    .poll(
      () =>
        within(screen.getAllByRole('row')[1] as HTMLElement).getAllByRole('button')[0]?.textContent,
    )
    .toMatch(/^Performed/)
  expect(api.inputs('jokes.list').length).toBeGreaterThanOrEqual(2)
})

test("a refused move shows the server's words; Done lists the others with no buttons", async () => {
  stubConsoleApi(
    answers(
      answerAction('jokes.list', (input: unknown) =>
        JSON.stringify(input).includes('performed')
          ? [joke('jok_c', 'performed', 'Told last night')]
          : [joke('jok_a', 'waiting', 'Gone already')],
      ),
      answerAction(
        'jokes.decline',
        { message: 'This joke is performed: it cannot be marked declined.' },
        400,
      ),
    ),
  )
  const user = userEvent.setup()
  const { location } = renderConsole('/admin/jokes')
  await user.click(await screen.findByRole('button', { name: /^Decline/ }))
  expect(
    await screen.findByText('This joke is performed: it cannot be marked declined.'),
  ).toBeTruthy()
  await user.click(screen.getByLabelText(jokeConsoleTexts.done))
  expect(await screen.findByText('Told last night')).toBeTruthy()
  expect(location()).toBe('/admin/jokes?show=done')
  expect(screen.queryAllByRole('button', { name: /^(Accept|Performed|Decline)/ })).toEqual([])
})

test('with nothing to read, says so', async () => {
  stubConsoleApi(answerAction('jokes.list', []))
  renderConsole('/admin/jokes')
  expect(await screen.findByText(jokeConsoleTexts.emptyToDo)).toBeTruthy()
})
