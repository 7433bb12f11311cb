import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, expect, test } from 'vitest'
import { stubFetch } from '#test/fetch-stub'
import { texts } from '../../../shared/texts'
import { LostCodesForm } from './lost-codes-form'

// The answers' schemas load with the first answer: here once, before the first test's clock.
beforeAll(() => import('../../api/answer-schemas'))

const sent = 'If that address bought codes in the last 30 days, we have sent them to it again.'

async function ask(email: string) {
  const user = userEvent.setup()
  render(<LostCodesForm />)
  await user.type(screen.getByLabelText('Email you bought with'), email)
  await user.click(screen.getByRole('button', { name: 'Send my codes' }))
  return user
}

test('posts the address, trimmed, to /api/resend-codes and shows the answer politely', async () => {
  const fetch = stubFetch(async () => Response.json({ message: sent }))
  await ask('  fan@example.com ')
  expect(fetch).toHaveBeenCalledTimes(1)
  const [url, init] = fetch.mock.calls[0] ?? []
  expect(String(url)).toBe('/api/resend-codes')
  expect(init?.method).toBe('POST')
  expect(JSON.parse(String(init?.body))).toEqual({ email: 'fan@example.com' })
  const status = await screen.findByText(sent)
  expect(status.closest('[aria-live="polite"]')).not.toBeNull()
  expect(status.className).toContain('alert-success')
  expect((screen.getByLabelText('Email you bought with') as HTMLInputElement).value).toBe('')
})

test("the server's refusal is shown as it words it, and the address is kept to correct", async () => {
  stubFetch(async () =>
    Response.json(
      { message: 'Too many requests to resend codes. Please wait an hour, then try again.' },
      { status: 429 },
    ),
  )
  await ask('fan@example.com')
  const error = await screen.findByText(
    'Too many requests to resend codes. Please wait an hour, then try again.',
  )
  expect(error.className).toContain('alert-error')
  expect((screen.getByLabelText('Email you bought with') as HTMLInputElement).value).toBe(
    'fan@example.com',
  )
})

test('a network failure or an unreadable answer says so', async () => {
  stubFetch(async () => {
    throw new TypeError('Failed to fetch')
  })
  await ask('fan@example.com')
  expect(await screen.findByText(texts.resendUnreachable)).toBeTruthy()
})

test('a 500 without a message gets a sentence with the status', async () => {
  stubFetch(async () => new Response('oops', { status: 500 }))
  await ask('fan@example.com')
  expect(await screen.findByText(texts.resendFailed(500))).toBeTruthy()
})

test('the field is a required email field', () => {
  render(<LostCodesForm />)
  const input = screen.getByLabelText('Email you bought with') as HTMLInputElement
  expect(input.required).toBe(true)
  expect(input.type).toBe('email')
})
