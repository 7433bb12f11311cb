import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import { callsTo, stubFetch } from '#test/fetch-stub'
import { openMicTexts } from '../../../shared/open-mic'
import { LinkPanel } from './link-panel'

const link = { action: 'confirm', token: 'tok-123' } as const
const names = {
  showId: 'evt-mic',
  stageName: 'Owner Name',
  vrchatName: 'OwnerVR',
  note: 'Ten clean minutes.',
}
const gone =
  'This link is not valid any more: it was used, or the sign-up it was for is confirmed, withdrawn or over.'

test('a confirm link shows the names it confirms before its button, then confirms with the token', async () => {
  const fetch = stubFetch(async (url) =>
    url === '/api/open-mic/confirm/details'
      ? Response.json(names)
      : Response.json({
          message: openMicTexts.placePool,
          list: 'pool',
          position: 1,
          plannedAt: null,
        }),
  )
  const done: unknown[] = []
  render(<LinkPanel link={link} onDone={(confirmed) => done.push(confirmed)} />)
  const button = await screen.findByRole('button', { name: openMicTexts.confirmButton })
  for (const shown of [
    'Owner Name',
    'OwnerVR',
    'Ten clean minutes.',
    openMicTexts.confirmNotYours,
  ]) {
    expect(screen.getByText(shown)).toBeTruthy()
  }
  const [, read] = callsTo(fetch, '/api/open-mic/confirm/details')[0] as [string, RequestInit]
  expect([read.method, JSON.parse(String(read.body))]).toEqual(['POST', { token: 'tok-123' }])
  expect(callsTo(fetch, '/api/open-mic/confirm')).toEqual([])
  await userEvent.setup().click(button)
  expect(await screen.findByText(openMicTexts.placePool)).toBeTruthy()
  expect(callsTo(fetch, '/api/open-mic/confirm')).toHaveLength(1)
  // The page is told the place, to show it instead of the form.
  expect(done).toEqual([
    { message: openMicTexts.placePool, list: 'pool', position: 1, plannedAt: null },
  ])
})

test('a spent confirm link says so, with no button to press', async () => {
  stubFetch(async () => Response.json({ message: gone }, { status: 410 }))
  render(<LinkPanel link={link} onDone={() => undefined} />)
  expect((await screen.findByText(gone)).className).toContain('alert-error')
  expect(screen.queryByRole('button')).toBeNull()
})
