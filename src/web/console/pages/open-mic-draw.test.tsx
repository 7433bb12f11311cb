import { fireEvent, render, screen } from '@testing-library/react'
import { expect, test, vi } from 'vitest'
import type { OpenMicPublic } from '../../../shared/open-mic-api'
import { openMicConsoleTexts as texts } from './open-mic-console-texts'
import { DrawNow, drawWhen, howLong } from './open-mic-draw'

const now = Date.parse('2026-11-24T18:00:00.000Z')
const openMic = {
  opensAt: '2026-11-20T18:00:00.000Z',
  closesAt: '2026-11-28T20:00:00.000Z',
} as OpenMicPublic

test('how long sign-up stays open, in words, rounded down', () => {
  expect(howLong(4 * 24 * 3_600_000 + 2 * 3_600_000)).toBe('4 days')
  expect(howLong(24 * 3_600_000)).toBe('1 day')
  expect(howLong(5 * 3_600_000 + 59 * 60_000)).toBe('5 hours')
  expect(howLong(60_000)).toBe('1 minute')
  expect(howLong(10_000)).toBe('1 minute')
})

test('before the draw the host is told whether sign-up is still open, and for how long', () => {
  expect(drawWhen(openMic, now)).toBe(
    'Sign-up is still open for 4 days (until Sat, Nov 28, 2026, 2:00 PM CT): anyone who confirms after the draw joins the end of the waitlist.',
  )
  expect(drawWhen(openMic, Date.parse('2026-11-29T00:00:00.000Z'))).toBe(texts.drawClosed)
  expect(drawWhen(openMic, Date.parse('2026-11-19T00:00:00.000Z'))).toMatch(
    /^Sign-up has not opened yet/,
  )
  expect([texts.slotsOpen(0), texts.slotsOpen(1), texts.slotsOpen(3)]).toEqual([
    'Every slot is taken.',
    '1 slot open.',
    '3 slots open.',
  ])
})

test('"Draw now" asks first; "Not now" draws nothing', () => {
  const onDraw = vi.fn()
  render(<DrawNow openMic={openMic} busy={false} onDraw={onDraw} />)
  fireEvent.click(screen.getByRole('button', { name: 'Draw now…' }))
  expect(screen.getByRole('heading', { name: texts.drawAsk })).toBeTruthy()
  fireEvent.click(screen.getByRole('button', { name: 'Not now' }))
  expect(onDraw).not.toHaveBeenCalled()
  fireEvent.click(screen.getByRole('button', { name: 'Draw now…' }))
  fireEvent.click(screen.getByRole('button', { name: 'Draw now' }))
  expect(onDraw).toHaveBeenCalledOnce()
})
