import { act, fireEvent, render, screen } from '@testing-library/react'
import { StrictMode } from 'react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { fanWordsTexts } from '../../../shared/fan-words'
import { jokeMaxLength, jokeTexts } from '../../../shared/jokes'
import { type MemberView, memberApi, memberPageTexts } from '../../../shared/member-page'
import { membershipsOpenAttribute } from '../../../shared/memberships'
import { TransitionRouter } from '../../components/transition-router'
import { MembershipPage } from './membership-page'

const fetchMock = vi.fn<typeof fetch>()

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock)
  document.documentElement.setAttribute(membershipsOpenAttribute, 'open')
})

afterEach(() => {
  vi.unstubAllGlobals()
  fetchMock.mockReset()
  document.documentElement.removeAttribute(membershipsOpenAttribute)
  window.history.replaceState(null, '', '/')
})

const view: MemberView = {
  email: 'fan@example.com',
  csrfToken: 'csrf-token',
  tier: 'membership-2',
  tierName: 'Tier 2',
  standing: 'active',
  status: 'Active',
  dateLine: 'Renews on Sun, Dec 20, 4:00 PM CT',
  nextTierName: null,
  periodEnd: '2026-12-20T22:00:00.000Z',
  boostsLeft: 90,
  monthlyBoosts: 100,
  boostsPerShow: 10,
  tonight: null,
  memberCode: 'ABCD-EFGH-JKMN',
  stageName: '',
  stageMessage: '',
  jokesLeft: 2,
  jokesPerMonth: 2,
  jokes: [],
  billing: true,
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  })
}

async function renderAt(path: string) {
  window.history.replaceState(null, '', path)
  await act(async () => {
    render(
      <StrictMode>
        <TransitionRouter url={path.split('#')[0] ?? path}>
          <MembershipPage />
        </TransitionRouter>
      </StrictMode>,
    )
  })
}

test('with memberships closed, /membership is the page not found', async () => {
  document.documentElement.removeAttribute(membershipsOpenAttribute)
  await renderAt('/membership')
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
    'That bit is not on the set list',
  )
  expect(fetchMock).not.toHaveBeenCalled()
})

test('signed out, the page asks for the address and says the same for any', async () => {
  fetchMock.mockResolvedValueOnce(json(401, { message: memberPageTexts.notSignedIn }))
  await renderAt('/membership')
  fetchMock.mockResolvedValueOnce(json(200, { message: memberPageTexts.linkSent }))
  fireEvent.change(screen.getByLabelText(memberPageTexts.emailLabel), {
    target: { value: 'someone@example.com' },
  })
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: memberPageTexts.sendLink }))
  })
  expect(screen.getByRole('heading', { name: memberPageTexts.checkMail })).toBeTruthy()
  expect(screen.getByText(memberPageTexts.linkSent)).toBeTruthy()
  expect(fetchMock.mock.calls[1]?.[0]).toBe(memberApi.signIn)
})

test('a mailed link signs in only at a press, and its token leaves the address', async () => {
  await renderAt('/membership/sign-in#token-from-the-mail')
  expect(window.location.hash).toBe('')
  expect(fetchMock).not.toHaveBeenCalled()
  fetchMock.mockResolvedValueOnce(json(200, view))
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: memberPageTexts.continue }))
  })
  expect(fetchMock).toHaveBeenCalledTimes(1)
  const [url, init] = fetchMock.mock.calls[0] ?? []
  expect(url).toBe(memberApi.signInComplete)
  expect(init?.body).toBe(JSON.stringify({ token: 'token-from-the-mail' }))
})

test('a used or expired link says so and offers a new one', async () => {
  await renderAt('/membership/sign-in#used-token-1234')
  fetchMock.mockResolvedValueOnce(json(400, { message: 'anything' }))
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: memberPageTexts.continue }))
  })
  expect(screen.getByRole('alert').textContent).toBe(memberPageTexts.linkUnusable)
  expect(screen.getByRole('heading', { name: memberPageTexts.askAgain })).toBeTruthy()
})

test('signed in: the code is hidden until shown, the joke counts down its characters', async () => {
  fetchMock.mockResolvedValueOnce(json(200, view))
  await renderAt('/membership')
  expect(screen.queryByText(view.memberCode)).toBeNull()
  fireEvent.click(screen.getByRole('button', { name: /^Show/ }))
  expect(screen.getByText(view.memberCode)).toBeTruthy()
  expect(screen.getByText('2 of 2 custom jokes left this month.')).toBeTruthy()

  const field = screen.getByLabelText(jokeTexts.label)
  fireEvent.change(field, { target: { value: 'Knock knock 😂' } })
  expect(screen.getByText(`${jokeMaxLength - 13} characters left`)).toBeTruthy()
  fireEvent.change(field, { target: { value: 'a'.repeat(jokeMaxLength + 2) } })
  expect(screen.getByText('2 characters too many')).toBeTruthy()
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: jokeTexts.submit }))
  })
  expect(screen.getByRole('alert').textContent).toBe(jokeTexts.tooLong)
  expect(fetchMock).toHaveBeenCalledTimes(1)
})

test("signed in: the name on stage's hint says the stream names the member by the tier the page shows", async () => {
  fetchMock.mockResolvedValueOnce(json(200, view))
  await renderAt('/membership')
  expect(screen.getByText(view.tierName)).toBeTruthy()
  const field = screen.getByRole('textbox', { name: fanWordsTexts.nameLabel })
  const hint = document.getElementById(field.getAttribute('aria-describedby') ?? '')
  expect(hint?.textContent).toContain(`Empty: "a ${view.tierName} member".`)
})

test('a new code is asked for only after "Are you sure?"', async () => {
  fetchMock.mockResolvedValueOnce(json(200, view))
  await renderAt('/membership')
  fireEvent.click(screen.getByRole('button', { name: memberPageTexts.rotate }))
  expect(screen.getByText(memberPageTexts.rotateConfirm)).toBeTruthy()
  fireEvent.click(screen.getByRole('button', { name: memberPageTexts.rotateNo }))
  expect(fetchMock).toHaveBeenCalledTimes(1)

  fireEvent.click(screen.getByRole('button', { name: memberPageTexts.rotate }))
  fetchMock.mockResolvedValueOnce(json(200, { ...view, memberCode: 'PQRS-TUVW-XYZ2' }))
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: memberPageTexts.rotateYes }))
  })
  const [url, init] = fetchMock.mock.calls[1] ?? []
  expect(url).toBe(memberApi.rotateCode)
  expect(new Headers(init?.headers).get('x-csrf-token')).toBe(view.csrfToken)
  expect(screen.getByText('PQRS-TUVW-XYZ2')).toBeTruthy()
  expect(screen.getByText(memberPageTexts.rotated)).toBeTruthy()
})
