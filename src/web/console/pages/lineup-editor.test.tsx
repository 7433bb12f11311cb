import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import {
  answerAction,
  answers,
  comicView,
  fill,
  renderConsole,
  stubConsoleApi,
} from '#test/console-web'
import type { ComicView, LineupEntry, LineupView, StageView } from '../../../shared/comics'
import { comicConsoleTexts } from './comics-texts'

const show = {
  id: 'regular-20261122T2200Z',
  name: 'Sunday Stand-Up',
  startsAt: '2026-11-22T22:00:00.000Z',
}
const sam = comicView({ name: 'Sam Stone' })
const lee = comicView({ name: 'Lee Park' })
const robin = comicView({ name: 'Robin Vale' })
const roster = [sam, lee, robin]

const entry = (
  comic: ComicView,
  position: number,
  role: LineupEntry['role'],
  setMinutes = 10,
): LineupEntry => ({
  position,
  role,
  setMinutes,
  comic,
})
const lineup = (entries: LineupEntry[]): LineupView => ({
  showId: show.id,
  showName: show.name,
  startsAt: show.startsAt,
  entries,
})
const stage = (entries: LineupEntry[]): StageView => ({
  showId: show.id,
  showName: show.name,
  startsAt: show.startsAt,
  onStage: null,
  next: entries[0]?.comic ?? null,
  lineup: entries,
})

/** Tonight with a show, its lineup (as the server keeps it) and the roster. */
function tonightWith(start: LineupEntry[]) {
  let entries = start
  return answers(
    answerAction('tonight', {
      state: 'upcoming',
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
    answerAction('comics.list', roster),
    answerAction('lineup.show', () => lineup(entries)),
    answerAction('stage.show', () => stage(entries)),
    answerAction('lineup.set', (input: unknown) => {
      const places = (
        input as { places: { comic: string; role: LineupEntry['role']; setMinutes: number }[] }
      ).places
      entries = places.map((place, i) =>
        entry(roster.find((c) => c.id === place.comic) ?? sam, i + 1, place.role, place.setMinutes),
      )
      return { lineup: lineup(entries), changed: true }
    }),
  )
}

test('the host adds a comic, reorders with buttons, removes one and saves the whole lineup', {
  timeout: 20_000,
}, async () => {
  const api = stubConsoleApi(tonightWith([entry(sam, 1, 'host', 5), entry(lee, 2, 'feature')]))
  const user = userEvent.setup()
  renderConsole('/admin')
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Tonight' }, { timeout: 5000 }),
  ).toBeTruthy()
  // The editor is its own chunk: the first test of the file waits for it to load.
  const editor = await screen.findByRole(
    'region',
    { name: `Lineup: ${show.name}` },
    { timeout: 5000 },
  )
  await within(editor).findAllByText('Sam Stone')
  const names = () =>
    [...editor.querySelectorAll('.console-lineup-name')].map((p) =>
      p.textContent?.replace(/\s+/g, ' '),
    )
  expect(names()).toEqual(['1 Sam Stone', '2 Lee Park'])
  expect(api.inputs('lineup.show')).toEqual([{ show: show.id }])

  // Robin is the one left on the roster: added as headliner for 20 minutes, last.
  await user.selectOptions(within(editor).getByLabelText('Comic'), 'Robin Vale')
  const addForm = within(editor).getByLabelText('Comic').closest('form') as HTMLElement
  await user.selectOptions(within(addForm).getByLabelText('Role'), 'headliner')
  const minutes = within(addForm).getByLabelText('Minutes')
  await fill(user, minutes, '20')
  await user.click(within(editor).getByRole('button', { name: 'Add to the lineup' }))
  expect(names()).toEqual(['1 Sam Stone', '2 Lee Park', '3 Robin Vale'])
  expect(within(editor).getByText(comicConsoleTexts.rosterEmpty)).toBeTruthy()

  // Robin up one, Sam (now first) down one, Lee removed.
  await user.click(within(editor).getByRole('button', { name: /^Up.*Robin Vale/ }))
  expect(names()).toEqual(['1 Sam Stone', '2 Robin Vale', '3 Lee Park'])
  expect(within(editor).getByRole('status').textContent).toBe(
    comicConsoleTexts.moved('Robin Vale', 2, 3),
  )
  expect(document.activeElement?.textContent).toMatch(/^Up.*Robin Vale/)
  await user.click(within(editor).getByRole('button', { name: /^Down.*Sam Stone/ }))
  expect(names()).toEqual(['1 Robin Vale', '2 Sam Stone', '3 Lee Park'])
  await user.click(within(editor).getByRole('button', { name: /^Remove.*Lee Park/ }))
  expect(names()).toEqual(['1 Robin Vale', '2 Sam Stone'])
  // The first row's Up and the last row's Down do nothing, so they are off.
  expect(within(editor).getByRole('button', { name: /^Up.*Robin Vale/ })).toHaveProperty(
    'disabled',
    true,
  )
  expect(within(editor).getByRole('button', { name: /^Down.*Sam Stone/ })).toHaveProperty(
    'disabled',
    true,
  )
  expect(api.inputs('lineup.set')).toEqual([])

  await user.click(within(editor).getByRole('button', { name: 'Save the lineup' }))
  expect(await within(editor).findByText(comicConsoleTexts.lineupSaved(show.name))).toBeTruthy()
  expect(api.inputs('lineup.set')).toEqual([
    {
      show: show.id,
      places: [
        { comic: robin.id, role: 'headliner', setMinutes: 20 },
        { comic: sam.id, role: 'host', setMinutes: 5 },
      ],
    },
  ])
  // The stage control reads the stage again: Robin is next now.
  expect(await screen.findByRole('button', { name: 'Next: Robin Vale' })).toBeTruthy()
})

test('a set length that is not a whole number of minutes is refused before anything is sent', {
  timeout: 20_000,
}, async () => {
  const api = stubConsoleApi(tonightWith([entry(sam, 1, 'host', 5)]))
  const user = userEvent.setup()
  renderConsole('/admin')
  const editor = await screen.findByRole('region', { name: `Lineup: ${show.name}` })
  await within(editor).findAllByText('Sam Stone')
  // A row's fields are named with the comic, for a screen reader going down the list.
  expect(within(editor).getByRole('combobox', { name: 'Role for Sam Stone' })).toBeTruthy()
  const minutes = within(editor).getByRole('spinbutton', { name: 'Minutes for Sam Stone' })
  await user.clear(minutes)
  await user.click(within(editor).getByRole('button', { name: 'Save the lineup' }))
  expect(await within(editor).findByText(comicConsoleTexts.badMinutes('Sam Stone'))).toBeTruthy()
  expect(api.inputs('lineup.set')).toEqual([])
  await user.click(within(editor).getByRole('button', { name: 'Undo changes' }))
  expect((within(editor).getAllByLabelText('Minutes')[0] as HTMLInputElement).value).toBe('5')
})

test("the Shows page opens any show's lineup, for a show weeks ahead", {
  timeout: 20_000,
}, async () => {
  const later = {
    ...show,
    id: 'evt_later',
    name: 'Open Mic Night',
    startsAt: '2026-12-08T02:00:00.000Z',
  }
  const api = stubConsoleApi(
    answers(
      answerAction('events.list', {
        items: [{ ...later, description: '', source: 'operator', over: false }],
        total: 1,
        page: 1,
        pageSize: 25,
      }),
      answerAction('lineup.show', { ...lineup([entry(lee, 1, 'open-mic', 5)]), showId: later.id }),
      answerAction('comics.list', roster),
      answerAction('lineup.set', (input: unknown) => ({
        lineup: lineup([]),
        changed: true,
        input,
      })),
    ),
  )
  const user = userEvent.setup()
  renderConsole('/admin/shows')
  await user.click(
    await screen.findByRole('button', { name: /^Lineup ?Open Mic Night/ }, { timeout: 5000 }),
  )
  const editor = await screen.findByRole('region', { name: /^Lineup: Open Mic Night/ })
  expect(document.activeElement?.textContent).toMatch(/^Lineup: Open Mic Night/)
  await within(editor).findAllByText('Lee Park')
  expect(api.inputs('lineup.show')).toEqual([{ show: later.id }])
  await user.click(within(editor).getByRole('button', { name: /^Remove ?Lee Park/ }))
  await user.click(within(editor).getByRole('button', { name: 'Save the lineup' }))
  await within(editor).findByText(comicConsoleTexts.lineupSaved(show.name))
  expect(api.inputs('lineup.set')).toEqual([{ show: later.id, places: [] }])
  await user.click(screen.getByRole('button', { name: 'Hide the lineup editor' }))
  expect(screen.queryByRole('region', { name: /^Lineup: / })).toBeNull()
})
