import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import {
  answerAction,
  answers,
  comicView,
  renderConsole,
  stubConsoleApi,
  testHost,
} from '#test/console-web'
import type { ComicPublic, LineupEntry, StageView } from '../../../shared/comics'
import { comicConsoleTexts } from './comics-texts'

const show = {
  id: 'regular-20261122T2200Z',
  name: 'Sunday Stand-Up',
  startsAt: '2026-11-22T22:00:00.000Z',
}
const sam = comicView({ name: 'Sam Stone' })
const lee = comicView({ name: 'Lee Park' })
const guest = comicView({ name: 'Surprise Guest' })
const lineup: LineupEntry[] = [sam, lee].map((comic, i) => ({
  position: i + 1,
  role: i === 0 ? 'host' : 'headliner',
  setMinutes: 10,
  comic,
}))

/** The stage as the server runs it: Next in running order, On anyone, Off. */
function stageServer() {
  let on: ComicPublic | null = null
  let last = -1
  const view = (): StageView => ({
    showId: show.id,
    showName: show.name,
    startsAt: show.startsAt,
    onStage: on
      ? { id: 1, showId: show.id, comic: on, startedAt: '2026-11-22T22:05:00.000Z', endedAt: null }
      : null,
    next: lineup[last + 1]?.comic ?? null,
    lineup,
  })
  const change = (to: ComicPublic | null) => {
    const changed = to?.id !== on?.id
    on = to
    const at = lineup.findIndex((e) => e.comic.id === to?.id)
    if (at >= 0) last = at
    return { changed, stage: view() }
  }
  return answers(
    answerAction('tonight', {
      state: 'live',
      show,
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
    answerAction('comics.list', [guest, lee, sam]),
    answerAction('lineup.show', {
      showId: show.id,
      showName: show.name,
      startsAt: show.startsAt,
      entries: lineup,
    }),
    answerAction('stage.show', () => view()),
    answerAction('stage.next', () => change(lineup[last + 1]?.comic ?? null)),
    answerAction('stage.on', (input: unknown) =>
      change([sam, lee, guest].find((c) => c.id === (input as { comic: string }).comic) ?? null),
    ),
    answerAction('stage.off', () => change(null)),
  )
}

test('Next steps through the lineup, any comic goes on from a choice and a button, Pause clears the stage', {
  timeout: 20_000,
}, async () => {
  const api = stubConsoleApi(stageServer())
  const user = userEvent.setup()
  renderConsole('/admin')
  const control = await screen.findByRole('region', { name: 'On stage' })
  expect(await within(control).findByText(comicConsoleTexts.nobodyOn)).toBeTruthy()
  expect(within(control).getByRole('button', { name: 'Pause' })).toHaveProperty('disabled', true)

  await user.click(within(control).getByRole('button', { name: 'Next: Sam Stone' }))
  expect(await within(control).findByRole('button', { name: 'Next: Lee Park' })).toBeTruthy()
  expect(control.querySelector('.console-stage-now strong')?.textContent).toBe('Sam Stone')
  expect(api.calls.find((call) => call.url.endsWith('/stage.next'))).toMatchObject({
    method: 'POST',
    body: { show: show.id },
    csrf: testHost.csrfToken,
  })

  // Nobody is chosen at first, so a stray tap puts nobody on; the lineup first, then the roster.
  const pick = within(control).getByLabelText('Any comic')
  const putOn = within(control).getByRole('button', { name: 'Put on stage' })
  expect(pick).toHaveProperty('value', '')
  expect(putOn).toHaveProperty('disabled', true)
  expect([...pick.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
    'Choose a comic',
    'Sam Stone',
    'Lee Park',
    'Surprise Guest',
  ])
  await user.selectOptions(pick, 'Surprise Guest')
  await user.click(within(control).getByRole('button', { name: 'Put on stage' }))
  await expect
    .poll(() => control.querySelector('.console-stage-now strong')?.textContent)
    .toBe('Surprise Guest')
  expect(api.inputs('stage.on')).toEqual([{ comic: guest.id, show: show.id }])
  // The choice empties once they are on.
  await expect.poll(() => (pick as HTMLSelectElement).value).toBe('')

  // The same again records nothing, and says so.
  await user.selectOptions(pick, 'Surprise Guest')
  await user.click(within(control).getByRole('button', { name: 'Put on stage' }))
  expect(await within(control).findByText(comicConsoleTexts.stageUnchanged)).toBeTruthy()

  await user.click(within(control).getByRole('button', { name: 'Pause' }))
  expect(await within(control).findByText(comicConsoleTexts.nobodyOn)).toBeTruthy()
  expect(api.inputs('stage.off')).toEqual([{ show: show.id }])
})

test("a refused tap shows the server's words; at the lineup's end Next is off and says why", {
  timeout: 20_000,
}, async () => {
  const over = `${show.name} is over: its stage cannot change any more.`
  stubConsoleApi(answers(answerAction('stage.on', { message: over }, 400), stageServer()))
  const user = userEvent.setup()
  renderConsole('/admin')
  const control = await screen.findByRole('region', { name: 'On stage' })
  await within(control).findByRole('option', { name: 'Surprise Guest' })
  await user.selectOptions(within(control).getByLabelText('Any comic'), 'Surprise Guest')
  await user.click(within(control).getByRole('button', { name: 'Put on stage' }))
  expect(await within(control).findByText(over)).toBeTruthy()

  await user.click(within(control).getByRole('button', { name: 'Next: Sam Stone' }))
  await user.click(await within(control).findByRole('button', { name: 'Next: Lee Park' }))
  const next = await within(control).findByRole('button', { name: 'Next' })
  expect(next).toHaveProperty('disabled', true)
  expect(within(control).getByText(comicConsoleTexts.stageEnd)).toBeTruthy()
})
