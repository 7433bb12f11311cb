import { screen, within } from '@testing-library/react'
import { expect, test } from 'vitest'
import {
  answerAction,
  answers,
  findHeading,
  renderConsole,
  stubConsoleApi,
} from '#test/console-web'
import type { BoostsPoint, Tonight } from '../../../shared/operator-views'

const show = {
  id: 'regular-20261122T2200Z',
  name: 'Sunday Stand-Up',
  startsAt: '2026-11-22T22:00:00.000Z',
}

test("Tonight shows the show's boosts in all, and the show codes' and members' apart", async () => {
  const tonight: Tonight = {
    state: 'live',
    show,
    totalBoosts: 42,
    codeBoosts: 15,
    memberBoosts: 27,
    gifts: [],
    codesSold: 3,
    codesRedeemed: 2,
    orders: 1,
    comics: [],
    setBoosts: null,
    wrapUp: null,
  }
  stubConsoleApi(answers(answerAction('tonight', tonight)))
  renderConsole('/admin')
  expect(await findHeading('Tonight')).toBeTruthy()
  const figure = (label: string) => screen.getByText(label).nextElementSibling?.textContent
  expect(await screen.findByText('Boosts so far')).toBeTruthy()
  expect([figure('Boosts so far'), figure('From show codes'), figure('Member boosts')]).toEqual([
    '42',
    '15',
    '27',
  ])
})

test("Reports' boosts per show give member boosts their own column beside the same total", async () => {
  const point: BoostsPoint = {
    showId: show.id,
    name: show.name,
    startsAt: show.startsAt,
    boosts: 42,
    codeBoosts: 15,
    memberBoosts: 27,
  }
  stubConsoleApi(
    answers(
      answerAction('reports.boosts', [point]),
      answerAction('reports.shows', { items: [], total: 0, page: 1, pageSize: 25 }),
      answerAction('reports.months', []),
      answerAction('comics.report', []),
    ),
  )
  renderConsole('/admin/reports')
  const table = await screen.findByRole('table', { name: 'Boosts per show' })
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent)
  expect(headers).toEqual(['Show', 'Started', 'Show codes', 'Member boosts', 'Boosts'])
  const row = within(table).getAllByRole('row')[1] as HTMLElement
  const cells = within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent)
  expect(cells.slice(-3)).toEqual(['15', '27', '42'])
})
