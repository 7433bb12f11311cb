import { fireEvent, screen, within } from '@testing-library/react'
import { expect, test } from 'vitest'
import { answerAction, answers, renderConsole, stubConsoleApi } from '#test/console-web'
import type { OpenMicView, SignupView } from '../../../shared/open-mic-operator'
import { openMicConsoleTexts as texts } from './open-mic-console-texts'

const show = {
  id: 'evt-openmic1',
  name: 'Open Mic Night',
  description: '',
  startsAt: '2026-12-06T02:00:00.000Z',
  source: 'operator',
  over: false,
  codesSold: 0,
  lineup: [],
  openMic: true,
}
const signup: SignupView = {
  id: 3,
  stageName: 'Lee Park',
  email: 'lee.park@example.com',
  vrchatName: 'LeeVR',
  note: '',
  state: 'confirmed',
  list: 'slot',
  position: 1,
  plannedAt: '2026-12-06T02:05:00.000Z',
  confirmedAt: '2026-11-24T18:00:00.000Z',
  checkedIn: false,
  noShow: false,
  comicSlug: null,
}
const view: OpenMicView = {
  openMic: {
    showId: show.id,
    showName: show.name,
    startsAt: show.startsAt,
    slots: 2,
    setMinutes: 5,
    opensAt: '2026-11-20T18:00:00.000Z',
    closesAt: '2026-12-05T18:00:00.000Z',
    rule: 'first-come',
    drawAt: null,
    open: true,
    slotsLeft: 1,
    runningOrder: [],
    waitlistCount: 0,
    drawSeedHash: null,
    draw: null,
  },
  slots: [signup],
  waitlist: [],
  pool: [],
  pending: [],
  withdrawn: [],
}

test('the open-mic panel counts the open slots, says when each signed up (no rank), and closes sign-up by name', {
  timeout: 30_000,
}, async () => {
  const api = stubConsoleApi(
    answers(
      answerAction('events.list', { items: [show], total: 1, page: 1, pageSize: 25 }),
      answerAction('openmic.show', view),
      answerAction('openmic.set', view),
    ),
  )
  renderConsole('/admin/shows')
  fireEvent.click(await screen.findByRole('button', { name: /^Open mic/ }, { timeout: 10_000 }))
  const panel = (
    await screen.findByRole('heading', { name: /^Open mic: Open Mic Night/ }, { timeout: 10_000 })
  ).parentElement as HTMLElement
  expect(await within(panel).findByText(texts.slotsOpen(1))).toBeTruthy()
  expect(texts.slotsOpen(1)).toBe('1 slot open.')
  expect(panel.textContent).toContain('Signed up Tue, Nov 24, 2026, 12:00 PM CT')
  expect(panel.textContent).not.toContain('#3')
  // Each row's buttons say whose row they are.
  const buttons = within(panel)
    .getAllByRole('button')
    .map((button) => button.textContent)
  expect(buttons).toContain('Check in Lee Park')

  const before = Date.now()
  fireEvent.click(within(panel).getByRole('button', { name: texts.closeSignUp }))
  expect(await within(panel).findByText(texts.signUpClosed)).toBeTruthy()
  const [input] = api.inputs('openmic.set') as {
    closesAt: string
    opensAt: string
    slots: number
  }[]
  expect(input).toMatchObject({ show: show.id, slots: 2, opensAt: view.openMic.opensAt })
  expect(Date.parse(input?.closesAt ?? '')).toBeGreaterThanOrEqual(before - 1000)
  expect(Date.parse(input?.closesAt ?? '')).toBeLessThanOrEqual(Date.now())
})
