import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, expect, test, vi } from 'vitest'
import type { SessionResponse } from '../../../shared/checkout'
import { TransitionRouter } from '../../components/transition-router'
import { SuccessPage } from './success-page'
import { successTexts } from './success-texts'

const fetchMock = vi.fn<typeof fetch>()

afterEach(() => {
  vi.unstubAllGlobals()
  fetchMock.mockReset()
})

const order = {
  reference: '7F3KQZ',
  lines: [
    { name: 'FFR 10', quantity: 2, cents: 2998 },
    { name: '5 Boosts', quantity: 1, cents: 499 },
  ],
  paidCents: 3497,
  emailed: false,
}

function paid(summary: SessionResponse['order']): SessionResponse {
  return {
    id: 'cs_paid',
    codes: [{ code: 'ABCDE-23456', description: 'FFR 10: 5 boosts, donor wall mention' }],
    show: { name: 'Sunday Stand-Up', startsAt: '2026-11-22T22:00:00.000Z' },
    order: summary,
  }
}

async function renderWith(session: SessionResponse) {
  fetchMock.mockImplementation(async () => Response.json(session))
  vi.stubGlobal('fetch', fetchMock)
  render(
    <TransitionRouter url="/success?session_id=cs_paid">
      <SuccessPage />
    </TransitionRouter>,
  )
  await screen.findByText('ABCDE-23456')
}

test('the codes come with the order: what was bought, what was paid, its reference', async () => {
  await renderWith(paid({ ...order, emailed: true }))
  const summary = screen.getByRole('region', { name: 'Order 7F3KQZ' })
  const lines = within(summary)
    .getAllByRole('listitem')
    .map((line) => line.textContent)
  expect(lines).toEqual(['2 × FFR 10 $29.98', '1 × 5 Boosts $4.99'])
  expect(within(summary).getByText(successTexts.paid).parentElement?.textContent).toBe(
    'Paid $34.97',
  )
  // An address was given: no warning.
  expect(screen.queryByText(successTexts.noEmail)).toBeNull()
  expect(screen.queryByRole('button', { name: successTexts.emailMe })).toBeNull()
})

test('without an address the page says the codes are only here, and mails them when asked', async () => {
  await renderWith(paid(order))
  const warning = screen.getByRole('region', { name: successTexts.noEmailHeading })
  expect(within(warning).getByText(successTexts.noEmail)).toBeTruthy()
  const sent = 'We are sending your codes to fan@example.com.'
  fetchMock.mockImplementationOnce(async () => Response.json({ message: sent }))
  fireEvent.change(within(warning).getByLabelText(successTexts.emailLabel), {
    target: { value: ' fan@example.com ' },
  })
  await act(async () => {
    fireEvent.click(within(warning).getByRole('button', { name: successTexts.emailMe }))
  })
  expect(await within(warning).findByText(sent)).toBeTruthy()
  const call = fetchMock.mock.calls.find(([url]) => String(url) === '/api/email-codes')
  expect(JSON.parse(String(call?.[1]?.body))).toEqual({
    sessionId: 'cs_paid',
    email: 'fan@example.com',
  })
  // Sent: the form goes, so nobody sends twice.
  expect(within(warning).queryByRole('button', { name: successTexts.emailMe })).toBeNull()
})

test("a refusal is said in the server's words and the form stays", async () => {
  await renderWith(paid(order))
  const warning = screen.getByRole('region', { name: successTexts.noEmailHeading })
  const refused = 'Please enter a valid email address.'
  fetchMock.mockImplementationOnce(async () => Response.json({ message: refused }, { status: 400 }))
  fireEvent.change(within(warning).getByLabelText(successTexts.emailLabel), {
    target: { value: 'fan@example.com' },
  })
  await act(async () => {
    fireEvent.click(within(warning).getByRole('button', { name: successTexts.emailMe }))
  })
  expect(await within(warning).findByText(refused)).toBeTruthy()
  expect(within(warning).getByRole('button', { name: successTexts.emailMe })).toBeTruthy()
})
