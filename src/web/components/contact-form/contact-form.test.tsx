import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, expect, test, vi } from 'vitest'
import { stubFetch } from '#test/fetch-stub'
import { ContactMessageSchema } from '../../../shared/contact'
import { siteConfig } from '../../../shared/site-config'
import { texts } from '../../../shared/texts'
import { ContactForm } from './contact-form'

// The answers' schemas load with the first answer: here once, before the first test's clock.
beforeAll(() => import('../../api/answer-schemas'))

function field(name: string): HTMLInputElement | HTMLTextAreaElement {
  const element = screen.getByLabelText(name)
  if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)) {
    throw new Error(`${name} is not a text field`)
  }
  return element
}

async function fillAndSend(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field('Name'), 'Ada Lovelace')
  await user.type(field('Email'), 'ada@example.com')
  await user.type(field('Message'), 'Do you do private shows?')
  await user.click(screen.getByRole('button', { name: 'Send message' }))
}

test('name, email and message are required and the email field has the email type', () => {
  render(<ContactForm variant="landing" />)
  for (const name of ['Name', 'Email', 'Message']) expect(field(name).required).toBe(true)
  expect(field('Email').getAttribute('type')).toBe('email')
})

test('has a honeypot field hidden from people and keyboards', () => {
  const { container } = render(<ContactForm variant="landing" />)
  const honeypot = container.querySelector('input[name="website"]')
  expect(honeypot?.getAttribute('tabindex')).toBe('-1')
  expect(honeypot?.getAttribute('autocomplete')).toBe('off')
  expect(honeypot?.closest('[aria-hidden="true"]')).not.toBeNull()
  expect(screen.queryByRole('textbox', { name: 'Website' })).toBeNull()
})

test('posts the message as JSON to /api/contact', async () => {
  const fetch = stubFetch(async () => Response.json({ ok: true }))
  const user = userEvent.setup()
  render(<ContactForm variant="landing" />)
  await fillAndSend(user)
  expect(fetch).toHaveBeenCalledTimes(1)
  const [url, init] = fetch.mock.calls[0] ?? []
  expect(String(url)).toBe('/api/contact')
  expect(init?.method).toBe('POST')
  expect(new Headers(init?.headers).get('content-type')).toBe('application/json')
  const body: unknown = JSON.parse(String(init?.body))
  expect(body).toEqual({
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    message: 'Do you do private shows?',
    website: '',
  })
  expect(ContactMessageSchema.safeParse(body).success).toBe(true)
})

test('on the landing page a sent message says THANK YOU and the fields are cleared', async () => {
  stubFetch(async () => Response.json({ ok: true }))
  const user = userEvent.setup()
  render(<ContactForm variant="landing" />)
  await fillAndSend(user)
  expect(await screen.findByText(texts.contactSentLanding)).toBeTruthy()
  expect(screen.queryByText(texts.contactSentStore)).toBeNull()
  expect(field('Name').value).toBe('')
  expect(field('Email').value).toBe('')
  expect(field('Message').value).toBe('')
})

test('on the store page a sent message says it was sent successfully', async () => {
  stubFetch(async () => Response.json({ ok: true }))
  const user = userEvent.setup()
  render(<ContactForm variant="store" />)
  await fillAndSend(user)
  expect(await screen.findByText(texts.contactSentStore)).toBeTruthy()
  expect(screen.queryByText(texts.contactSentLanding)).toBeNull()
})

test('a refused message shows the failure text with the contact address and keeps the fields', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  stubFetch(async () => Response.json({ message: 'Too many messages' }, { status: 429 }))
  const user = userEvent.setup()
  render(<ContactForm variant="landing" />)
  await fillAndSend(user)
  expect(await screen.findByText(texts.contactFailed(siteConfig.contactEmail))).toBeTruthy()
  expect(field('Message').value).toBe('Do you do private shows?')
})

test('a network failure shows the failure text', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  stubFetch(async () => {
    throw new TypeError('Failed to fetch')
  })
  const user = userEvent.setup()
  render(<ContactForm variant="store" />)
  await fillAndSend(user)
  expect(await screen.findByText(texts.contactFailed(siteConfig.contactEmail))).toBeTruthy()
})

test('the button is disabled and reads Sending... while the message is on its way', async () => {
  let answer: (response: Response) => void = () => {}
  stubFetch(
    () =>
      new Promise<Response>((resolve) => {
        answer = resolve
      }),
  )
  const user = userEvent.setup()
  render(<ContactForm variant="landing" />)
  await fillAndSend(user)
  const button = screen.getByRole('button', { name: 'Sending...' })
  expect(button).toHaveProperty('disabled', true)
  answer(Response.json({ ok: true }))
  expect(await screen.findByText(texts.contactSentLanding)).toBeTruthy()
  expect(screen.getByRole('button', { name: 'Send message' })).toHaveProperty('disabled', false)
})

test('the result is announced in a live region', async () => {
  stubFetch(async () => Response.json({ ok: true }))
  const user = userEvent.setup()
  render(<ContactForm variant="landing" />)
  await fillAndSend(user)
  const message = await screen.findByText(texts.contactSentLanding)
  expect(message.closest('[aria-live="polite"]')).not.toBeNull()
})
