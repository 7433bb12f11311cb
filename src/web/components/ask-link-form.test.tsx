import { act, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { comicStatementApi, comicStatementTexts } from '../../shared/comic-statement'
import { isSimpleEmail } from '../../shared/email'
import { memberApi, memberPageTexts } from '../../shared/member-page'
import { askComicLink } from '../api/comic-statement-calls'
import { askMemberLink } from '../api/membership-calls'
import { AskLinkForm, type AskLinkTexts } from './ask-link-form'

const fetchMock = vi.fn<typeof fetch>()

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock)
})

afterEach(() => {
  vi.unstubAllGlobals()
  fetchMock.mockReset()
})

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  })
}

/** The two audiences that ask for a link on a fans' page, as their pages set the form up. */
const audiences: {
  name: string
  texts: AskLinkTexts & { linkSent: string; badEmail: string; tooManySignIns: string }
  ask: (email: string) => ReturnType<typeof askMemberLink>
  refusal: (email: string) => string | undefined
  endpoint: string
}[] = [
  {
    name: 'a member',
    texts: memberPageTexts,
    ask: askMemberLink,
    refusal: (email) => (isSimpleEmail(email) ? undefined : memberPageTexts.badEmail),
    endpoint: memberApi.signIn,
  },
  {
    name: 'a comic',
    texts: comicStatementTexts,
    ask: askComicLink,
    refusal: (email) => (email === '' ? comicStatementTexts.badEmail : undefined),
    endpoint: comicStatementApi.signIn,
  },
]

function renderForm(audience: (typeof audiences)[number], again = false) {
  render(
    <AskLinkForm
      texts={audience.texts}
      ask={audience.ask}
      refusal={audience.refusal}
      again={again}
      className="page-card"
    />,
  )
}

async function ask(audience: (typeof audiences)[number], email: string) {
  fireEvent.change(screen.getByLabelText(audience.texts.emailLabel), { target: { value: email } })
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: audience.texts.sendLink }))
  })
}

test.each(audiences)(
  "$name: the answer, the address it went to, and 'Send another link' back to the form",
  async (audience) => {
    renderForm(audience)
    fetchMock.mockResolvedValueOnce(json(200, { message: audience.texts.linkSent }))
    await ask(audience, '  someone@example.com ')
    expect(fetchMock).toHaveBeenCalledTimes(1)
    const [url, init] = fetchMock.mock.calls[0] ?? []
    expect(url).toBe(audience.endpoint)
    expect(init?.body).toBe(JSON.stringify({ email: 'someone@example.com' }))
    const sent = screen.getByRole('status', { name: audience.texts.checkMail })
    expect(sent.textContent).toContain(audience.texts.linkSent)
    expect(sent.textContent).toContain('someone@example.com')
    fireEvent.click(screen.getByRole('button', { name: audience.texts.sendAnother }))
    expect(screen.getByRole('heading', { name: audience.texts.sendLink })).toBeTruthy()
    expect(screen.getByLabelText(audience.texts.emailLabel)).toBeTruthy()
  },
)

test.each(audiences)(
  '$name: an empty address is refused before anything is sent, and described on the field',
  async (audience) => {
    renderForm(audience)
    await ask(audience, '   ')
    expect(fetchMock).not.toHaveBeenCalled()
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toBe(audience.texts.badEmail)
    expect(screen.getByLabelText(audience.texts.emailLabel).getAttribute('aria-describedby')).toBe(
      alert.id,
    )
  },
)

test.each(audiences)("$name: the server's refusal is shown as it says it", async (audience) => {
  renderForm(audience)
  fetchMock.mockResolvedValueOnce(json(429, { message: audience.texts.tooManySignIns }))
  await ask(audience, 'someone@example.com')
  expect(screen.getByRole('alert').textContent).toBe(audience.texts.tooManySignIns)
  expect(screen.queryByRole('status')).toBeNull()
  expect(screen.getByRole('button', { name: audience.texts.sendLink })).toBeTruthy()
})

test('after a link that no longer works, the form asks for a new one', () => {
  const [member] = audiences
  if (!member) throw new Error('no audience')
  renderForm(member, true)
  expect(screen.getByRole('heading', { name: member.texts.askAgain })).toBeTruthy()
})

test("a member's address is checked in the page as the server checks it", async () => {
  const [member] = audiences
  if (!member) throw new Error('no audience')
  renderForm(member)
  await ask(member, 'not-an-address')
  expect(fetchMock).not.toHaveBeenCalled()
  expect(screen.getByRole('alert').textContent).toBe(memberPageTexts.badEmail)
})
