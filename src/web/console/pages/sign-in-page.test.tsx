import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import {
  answerAction,
  answers,
  type ConsoleAnswer,
  findHeading,
  renderConsole,
  stubConsoleApi,
  testHost,
} from '#test/console-web'
import { consoleApi, consoleMessages, consoleTitle } from '../../../shared/console'

const token = 'k3m9x2qaVbN7wLpR4sT6yU8zA1cD3eF5gH7jK9mN0pQ'
const signedOut: ConsoleAnswer = (call) =>
  call.url === consoleApi.session
    ? Response.json({ message: consoleMessages.notSignedIn }, { status: 401 })
    : undefined
const tonight = answerAction('tonight', {
  state: 'upcoming',
  show: null,
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
})

test('asks for a link with the address typed, and says one is on its way', async () => {
  const api = stubConsoleApi(
    answers(signedOut, (call) =>
      call.url === consoleApi.signIn
        ? Response.json({ message: consoleMessages.linkSent })
        : undefined,
    ),
  )
  const user = userEvent.setup()
  renderConsole('/admin/sign-in')
  expect(await findHeading('Sign in to the console')).toBeTruthy()
  await expect.poll(() => document.title).toBe(consoleTitle('Sign in'))
  await user.type(screen.getByLabelText('Your email address'), ' host@example.com ')
  await user.click(screen.getByRole('button', { name: 'Email me a sign-in link' }))
  expect(await screen.findByText(consoleMessages.linkSent)).toBeTruthy()
  const asked = api.calls.filter((call) => call.url === consoleApi.signIn)
  expect(asked).toEqual([
    { url: consoleApi.signIn, method: 'POST', body: { email: 'host@example.com' }, csrf: null },
  ])
})

test("a refused request shows the server's words", async () => {
  stubConsoleApi(
    answers(signedOut, (call) =>
      call.url === consoleApi.signIn
        ? Response.json({ message: consoleMessages.tooManySignIns }, { status: 429 })
        : undefined,
    ),
  )
  const user = userEvent.setup()
  renderConsole('/admin/sign-in')
  await user.type(await screen.findByLabelText('Your email address'), 'host@example.com')
  await user.click(screen.getByRole('button', { name: 'Email me a sign-in link' }))
  expect((await screen.findByRole('alert')).textContent).toContain(consoleMessages.tooManySignIns)
})

test('a mailed link waits for "Continue to the console", then signs in and opens Tonight', async () => {
  let signedIn = false
  const api = stubConsoleApi(
    answers(
      (call) => (signedIn ? undefined : signedOut(call)),
      (call) => {
        if (call.url !== consoleApi.signInComplete) return undefined
        signedIn = true
        return Response.json(testHost)
      },
      tonight,
    ),
  )
  const user = userEvent.setup()
  const view = renderConsole(`/admin/sign-in#${token}`)
  const button = await screen.findByRole('button', { name: 'Continue to the console' })
  // Mail scanners open links: nothing is used until the host presses the button.
  expect(api.calls.some((call) => call.url === consoleApi.signInComplete)).toBe(false)
  expect(screen.queryByLabelText('Your email address')).toBeNull()
  await user.click(button)
  expect(await findHeading('Tonight')).toBeTruthy()
  expect(view.location()).toBe('/admin')
  expect(api.calls.filter((call) => call.url === consoleApi.signInComplete)).toEqual([
    { url: consoleApi.signInComplete, method: 'POST', body: { token }, csrf: null },
  ])
  // The session the link started is the one actions are signed with.
  expect(api.calls.find((call) => call.url === consoleApi.action('tonight'))?.csrf).toBe(
    testHost.csrfToken,
  )
})

test('after signing in, the host lands on the page they were sent from', async () => {
  let signedIn = false
  stubConsoleApi(
    answers(
      (call) => (signedIn ? undefined : signedOut(call)),
      (call) => {
        if (call.url !== consoleApi.signInComplete) return undefined
        signedIn = true
        return Response.json(testHost)
      },
      answerAction('mail.list', { items: [], total: 0, page: 1, pageSize: 25 }),
    ),
  )
  const user = userEvent.setup()
  const view = renderConsole(`/admin/sign-in?next=${encodeURIComponent('/admin/mail')}#${token}`)
  await user.click(await screen.findByRole('button', { name: 'Continue to the console' }))
  expect(await findHeading('Mail')).toBeTruthy()
  expect(view.location()).toBe('/admin/mail')
})

test('the mailed link, opened in another tab of the same browser, leads back to where the host was going; never off the console', async () => {
  let signedIn = false
  const mailList = answerAction('mail.list', { items: [], total: 0, page: 1, pageSize: 25 })
  const signIn: ConsoleAnswer = (call) => {
    if (call.url === consoleApi.signIn) return Response.json({ message: consoleMessages.linkSent })
    if (call.url !== consoleApi.signInComplete) return undefined
    signedIn = true
    return Response.json(testHost)
  }
  stubConsoleApi(
    answers((call) => (signedIn ? undefined : signedOut(call)), signIn, mailList, tonight),
  )
  const user = userEvent.setup()
  const asking = renderConsole(`/admin/sign-in?next=${encodeURIComponent('/admin/mail')}`)
  await user.type(await screen.findByLabelText('Your email address'), 'host@example.com')
  await user.click(screen.getByRole('button', { name: 'Email me a sign-in link' }))
  await screen.findByText(consoleMessages.linkSent)
  asking.unmount()

  const opened = renderConsole(`/admin/sign-in#${token}`)
  await user.click(await screen.findByRole('button', { name: 'Continue to the console' }))
  expect(await findHeading('Mail')).toBeTruthy()
  expect(opened.location()).toBe('/admin/mail')
  opened.unmount()

  // Once only, and only a console page: a stored address elsewhere leads to Tonight.
  signedIn = false
  localStorage.setItem('punchline-console-next', 'https://evil.example/admin')
  const again = renderConsole(`/admin/sign-in#${token}`)
  await user.click(await screen.findByRole('button', { name: 'Continue to the console' }))
  expect(await findHeading('Tonight')).toBeTruthy()
  expect(again.location()).toBe('/admin')
  expect(localStorage.getItem('punchline-console-next')).toBeNull()
})

test('a used or expired link says so and offers the address form', async () => {
  stubConsoleApi(
    answers(signedOut, (call) =>
      call.url === consoleApi.signInComplete
        ? Response.json({ message: consoleMessages.linkUnusable }, { status: 400 })
        : undefined,
    ),
  )
  const user = userEvent.setup()
  const view = renderConsole(`/admin/sign-in#${token}`)
  await user.click(await screen.findByRole('button', { name: 'Continue to the console' }))
  expect((await screen.findByRole('alert')).textContent).toBe(consoleMessages.linkUnusable)
  expect(screen.getByLabelText('Your email address')).toBeTruthy()
  expect(screen.queryByRole('button', { name: 'Continue to the console' })).toBeNull()
  // The spent token leaves the address bar (the router's update may land a render after the alert).
  await waitFor(() => expect(view.location()).toBe('/admin/sign-in'))
})
