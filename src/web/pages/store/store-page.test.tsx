import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { lineMismatches } from '#test/catalogue-facts'
import { withSchedule } from '#test/fetch-stub'
import { catalogue } from '../../../shared/catalogue'
import { limits } from '../../../shared/limits'
import { texts } from '../../../shared/texts'
import { TransitionRouter } from '../../components/transition-router'
import { cartStorageKey } from './cart-storage'
import { StorePage } from './store-page'

const fetchMock = vi.fn<typeof fetch>()
const alertMock = vi.fn<(message?: string) => void>()

beforeEach(() => {
  // The show codes are for is read from the schedule on mount (codes-show.tsx).
  vi.stubGlobal('fetch', withSchedule(fetchMock))
  vi.spyOn(window, 'alert').mockImplementation(alertMock)
})

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  fetchMock.mockReset()
  alertMock.mockReset()
})

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  })
}

function renderStore(redirect = vi.fn<(url: string) => void>()) {
  render(
    <TransitionRouter url={'/store'}>
      <StorePage redirect={redirect} />
    </TransitionRouter>,
  )
  return { user: userEvent.setup(), redirect }
}

function addButton(name: string) {
  return screen.getByRole('button', { name: `${texts.addToCart}: ${name}` })
}

function checkoutButton() {
  return screen.getByRole('button', { name: /^(Checkout|Processing\.\.\.)$/ })
}

function cartLine(name: string) {
  return screen.getByRole('listitem', { name })
}

function quantityOf(name: string): string | null | undefined {
  return cartLine(name).querySelector('.store-qty-value')?.lastChild?.textContent
}

/** What the request body of the n-th fetch call was. */
function sentBody(call = 0): unknown {
  const init = fetchMock.mock.calls[call]?.[1]
  return typeof init?.body === 'string' ? JSON.parse(init.body) : undefined
}

async function failCheckout(user: ReturnType<typeof userEvent.setup>, message: string) {
  fetchMock.mockResolvedValueOnce(json(409, { message }))
  await user.click(checkoutButton())
  return screen.findByRole('alert')
}

test('the store lists the three sections with their products and prices', () => {
  renderStore()
  for (const heading of ['Fan Favorite Rewards', 'Boost Packages', 'Memberships']) {
    expect(screen.getByRole('heading', { level: 2, name: heading })).toBeTruthy()
  }
  const ffr = screen.getByRole('article', { name: 'FFR 50' })
  expect(within(ffr).getByText('$69.69')).toBeTruthy()
  expect(within(ffr).getByText('VIP perks')).toBeTruthy()
  const image = within(ffr).getByRole('img', { name: 'FFR 50 illustration' })
  expect(image.getAttribute('src')).toBe('/images/products/ffr-50.svg')
  expect(image.getAttribute('width')).toBeTruthy()
})

test('every card says what its catalogue entry declares, and nothing it does not', () => {
  renderStore()
  for (const product of catalogue) {
    const card = screen.getByRole('article', { name: product.name })
    const lines = within(card)
      .getAllByRole('listitem')
      .map((item) => item.textContent ?? '')
    expect(lineMismatches(product, lines)).toEqual([])
  }
})

test('the store offers to mail lost codes again', () => {
  renderStore()
  const section = screen.getByRole('region', { name: 'Lost your codes?' })
  expect(within(section).getByLabelText('Email you bought with')).toBeTruthy()
  expect(within(section).getByRole('button', { name: 'Send my codes' })).toBeTruthy()
})

test('adding a product puts it in the cart, adding again raises its quantity', async () => {
  const { user } = renderStore()
  await user.click(addButton('FFR 10'))
  expect(quantityOf('FFR 10')).toBe('1')
  await user.click(addButton('FFR 10'))
  await user.click(addButton('5 Boosts'))
  expect(quantityOf('FFR 10')).toBe('2')
  expect(within(cartLine('FFR 10')).getByText('$29.98')).toBeTruthy()
  expect(within(cartLine('FFR 10')).getByText('$14.99 each')).toBeTruthy()
  const cart = screen.getByRole('complementary', { name: /Your Cart/ })
  expect(within(cart).getByText('$34.97')).toBeTruthy()
})

test('plus, minus and remove change the cart line', async () => {
  const { user } = renderStore()
  await user.click(addButton('FFR 25'))
  await user.click(screen.getByRole('button', { name: 'Increase quantity of FFR 25' }))
  await user.click(screen.getByRole('button', { name: 'Increase quantity of FFR 25' }))
  expect(quantityOf('FFR 25')).toBe('3')
  await user.click(screen.getByRole('button', { name: 'Decrease quantity of FFR 25' }))
  expect(quantityOf('FFR 25')).toBe('2')
  await user.click(screen.getByRole('button', { name: 'Remove FFR 25 from cart' }))
  expect(screen.queryByRole('listitem', { name: 'FFR 25' })).toBeNull()
})

test('minus at quantity 1 removes the line', async () => {
  const { user } = renderStore()
  await user.click(addButton('15 Boosts'))
  await user.click(screen.getByRole('button', { name: 'Decrease quantity of 15 Boosts' }))
  expect(screen.queryByRole('listitem', { name: '15 Boosts' })).toBeNull()
})

test('memberships read Coming Soon and cannot be added', () => {
  renderStore()
  for (const tier of ['Tier 1', 'Tier 2', 'Tier 3']) {
    const button = screen.getByRole('button', { name: `${texts.comingSoon}: ${tier}` })
    expect(button.hasAttribute('disabled')).toBe(true)
  }
})

test('a line at the maximum quantity disables adding and says why', async () => {
  localStorage.setItem(
    cartStorageKey,
    JSON.stringify({ lines: [{ id: 'ffr-10', quantity: limits.maxQuantityPerLine }] }),
  )
  renderStore()
  expect(await screen.findByRole('listitem', { name: 'FFR 10' })).toBeTruthy()
  expect(addButton('FFR 10').hasAttribute('disabled')).toBe(true)
  expect(
    screen.getByRole('button', { name: 'Increase quantity of FFR 10' }).hasAttribute('disabled'),
  ).toBe(true)
  expect(screen.getAllByText(texts.maxQuantityReached(limits.maxQuantityPerLine)).length).toBe(2)
  expect(addButton('FFR 25').hasAttribute('disabled')).toBe(false)
})

test('checkout is disabled while the cart is empty', async () => {
  const { user } = renderStore()
  expect(checkoutButton().hasAttribute('disabled')).toBe(true)
  await user.click(addButton('FFR 10'))
  expect(checkoutButton().hasAttribute('disabled')).toBe(false)
})

test('checking out an empty cart alerts that it is empty and sends nothing', () => {
  renderStore()
  // The button is disabled when empty, but the handler still guards (docs/product.md, "Cart and checkout") in case the
  // form is submitted another way, e.g. just after another tab emptied the cart.
  const form = screen.getByRole('form', { name: 'Checkout' })
  fireEvent.submit(form)
  expect(alertMock).toHaveBeenCalledWith(texts.cartEmpty)
  expect(fetchMock).not.toHaveBeenCalled()
})

test('a bad email alerts and sends nothing', async () => {
  const { user } = renderStore()
  await user.click(addButton('FFR 10'))
  await user.type(screen.getByLabelText('Email for your codes (optional)'), 'fan@nowhere')
  await user.click(checkoutButton())
  expect(alertMock).toHaveBeenCalledWith(texts.badEmail)
  expect(fetchMock).not.toHaveBeenCalled()
})

test('checkout posts the cart and goes to the payment page the server names', async () => {
  fetchMock.mockResolvedValueOnce(json(200, { id: 'cs_1', url: 'https://pay.example/cs_1' }))
  const { user, redirect } = renderStore()
  await user.click(addButton('FFR 10'))
  await user.click(addButton('FFR 10'))
  await user.click(addButton('15 Boosts'))
  await user.type(screen.getByLabelText('Email for your codes (optional)'), ' fan@example.com ')
  await user.click(checkoutButton())
  await waitFor(() => expect(redirect).toHaveBeenCalledWith('https://pay.example/cs_1'))
  expect(fetchMock).toHaveBeenCalledTimes(1)
  expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/create-checkout-session')
  expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('POST')
  expect(sentBody()).toEqual({
    items: [
      { id: 'ffr-10', name: 'FFR 10', price: 14.99, quantity: 2 },
      { id: 'boosts-15', name: '15 Boosts', price: 12.99, quantity: 1 },
    ],
    email: 'fan@example.com',
    // The browser's own zone, for the mail that tells the buyer their show moved.
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  })
  // The cart stays saved for the trip to the payment page and back.
  expect(localStorage.getItem(cartStorageKey)).toContain('boosts-15')
})

test('a checkout without an email sends no email field', async () => {
  fetchMock.mockResolvedValueOnce(json(200, { id: 'cs_2', url: '/pay/cs_2' }))
  const { user, redirect } = renderStore()
  await user.click(addButton('5 Boosts'))
  await user.click(checkoutButton())
  expect(sentBody()).toEqual({
    items: [{ id: 'boosts-5', name: '5 Boosts', price: 4.99, quantity: 1 }],
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  })
  // A relative payment page is resolved against the site.
  await waitFor(() => expect(redirect).toHaveBeenCalledWith(`${window.location.origin}/pay/cs_2`))
})

test('"Remind me before the show" ticked sends remind with the email', async () => {
  fetchMock.mockResolvedValueOnce(json(200, { id: 'cs_3', url: '/pay/cs_3' }))
  const { user } = renderStore()
  await user.click(addButton('5 Boosts'))
  await user.type(screen.getByLabelText('Email for your codes (optional)'), 'fan@example.com')
  await user.click(screen.getByRole('checkbox', { name: 'Remind me before the show' }))
  await user.click(checkoutButton())
  await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1))
  expect(sentBody()).toEqual({
    items: [{ id: 'boosts-5', name: '5 Boosts', price: 4.99, quantity: 1 }],
    email: 'fan@example.com',
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    remind: true,
  })
})

test('"Remind me before the show" ticked without an email sends no remind', async () => {
  fetchMock.mockResolvedValueOnce(json(200, { id: 'cs_4', url: '/pay/cs_4' }))
  const { user } = renderStore()
  await user.click(addButton('5 Boosts'))
  await user.click(screen.getByRole('checkbox', { name: 'Remind me before the show' }))
  await user.click(checkoutButton())
  await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1))
  expect(sentBody()).toEqual({
    items: [{ id: 'boosts-5', name: '5 Boosts', price: 4.99, quantity: 1 }],
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  })
})

test('the checkout button reads Processing... and is disabled while the request is out', async () => {
  let answer: (response: Response) => void = () => {}
  fetchMock.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)))
  const { user, redirect } = renderStore()
  await user.click(addButton('FFR 10'))
  await user.click(checkoutButton())
  expect(checkoutButton().textContent).toBe(texts.processing)
  expect(checkoutButton().hasAttribute('disabled')).toBe(true)
  expect(
    screen.getByRole('button', { name: 'Remove FFR 10 from cart' }).hasAttribute('disabled'),
  ).toBe(true)
  await act(async () => answer(json(200, { id: 'cs_3', url: 'https://pay.example/cs_3' })))
  await waitFor(() => expect(redirect).toHaveBeenCalledWith('https://pay.example/cs_3'))
})

test('a refused checkout shows the error view with the server message', async () => {
  const { user } = renderStore()
  await user.click(addButton('FFR 10'))
  const alert = await failCheckout(user, 'Prices have changed, please refresh the store')
  expect(alert.textContent).toBe(
    texts.checkoutFailed('Prices have changed, please refresh the store'),
  )
  expect(screen.getByRole('button', { name: texts.tryAgain })).toBeTruthy()
  expect(screen.getAllByRole('link', { name: texts.backToHome })[0]?.getAttribute('href')).toBe('/')
  expect(checkoutButton().textContent).toBe(texts.checkout)
  expect(checkoutButton().hasAttribute('disabled')).toBe(false)
})

test('Try Again clears the error view', async () => {
  const { user } = renderStore()
  await user.click(addButton('FFR 10'))
  await failCheckout(user, 'Memberships are coming soon')
  await user.click(screen.getByRole('button', { name: texts.tryAgain }))
  expect(screen.queryByRole('alert')).toBeNull()
  expect(quantityOf('FFR 10')).toBe('1')
})

test('any cart change clears the error view', async () => {
  const { user } = renderStore()
  await user.click(addButton('FFR 10'))
  const changes = [
    () => user.click(addButton('5 Boosts')),
    () => user.click(screen.getByRole('button', { name: 'Increase quantity of FFR 10' })),
    () => user.click(screen.getByRole('button', { name: 'Decrease quantity of FFR 10' })),
    () => user.click(screen.getByRole('button', { name: 'Remove 5 Boosts from cart' })),
  ]
  for (const change of changes) {
    await failCheckout(user, 'Try later')
    await change()
    expect(screen.queryByRole('alert')).toBeNull()
  }
})

test('an error answer without a readable body reports its status', async () => {
  fetchMock.mockResolvedValueOnce(new Response('<h1>Bad Gateway</h1>', { status: 502 }))
  const { user } = renderStore()
  await user.click(addButton('FFR 10'))
  await user.click(checkoutButton())
  expect((await screen.findByRole('alert')).textContent).toBe(
    texts.checkoutFailed(texts.httpError(502)),
  )
})

test('a network failure shows the error view with its message', async () => {
  fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'))
  const { user } = renderStore()
  await user.click(addButton('FFR 10'))
  await user.click(checkoutButton())
  expect((await screen.findByRole('alert')).textContent).toBe(
    texts.checkoutFailed(texts.unreachable),
  )
})

test('an answer without a payment page address is a checkout error', async () => {
  fetchMock.mockResolvedValueOnce(json(200, { id: 'cs_4' }))
  const { user, redirect } = renderStore()
  await user.click(addButton('FFR 10'))
  await user.click(checkoutButton())
  expect((await screen.findByRole('alert')).textContent).toBe(
    texts.redirectError(texts.redirectMissingUrl),
  )
  expect(redirect).not.toHaveBeenCalled()
})

test('a redirect that fails is a checkout error with its message', async () => {
  fetchMock.mockResolvedValueOnce(json(200, { id: 'cs_5', url: 'https://pay.example/cs_5' }))
  const redirect = vi.fn<(url: string) => void>(() => {
    throw new Error('Navigation blocked')
  })
  const { user } = renderStore(redirect)
  await user.click(addButton('FFR 10'))
  await user.click(checkoutButton())
  expect((await screen.findByRole('alert')).textContent).toBe(
    texts.redirectError('Navigation blocked'),
  )
  expect(checkoutButton().textContent).toBe(texts.checkout)
})

test('the cart survives a reload', async () => {
  const first = render(
    <TransitionRouter url={'/store'}>
      <StorePage />
    </TransitionRouter>,
  )
  const user = userEvent.setup()
  await user.click(addButton('FFR 50'))
  await user.click(addButton('FFR 50'))
  first.unmount()
  renderStore()
  expect(await screen.findByRole('listitem', { name: 'FFR 50' })).toBeTruthy()
  expect(quantityOf('FFR 50')).toBe('2')
})

test('a corrupt saved cart is dropped and the store still renders', () => {
  localStorage.setItem(cartStorageKey, '{"lines": [{"id": "ffr-10", "quantity": "lots"}')
  renderStore()
  expect(screen.getByRole('heading', { level: 2, name: 'Fan Favorite Rewards' })).toBeTruthy()
  expect(screen.queryByRole('listitem', { name: 'FFR 10' })).toBeNull()
  expect(checkoutButton().hasAttribute('disabled')).toBe(true)
})

test('cart changes are announced to screen readers', async () => {
  const { user } = renderStore()
  // The cart's live region (an add is also seen under its button, hidden from readers).
  const live = () => document.querySelector('p.visually-hidden[aria-live="polite"]')
  await user.click(addButton('FFR 10'))
  expect(live()?.textContent).toBe('Added FFR 10 to your cart. Quantity 1. Cart: 1 item, $14.99.')
  await user.click(addButton('5 Boosts'))
  expect(live()?.textContent).toBe(
    'Added 5 Boosts to your cart. Quantity 1. Cart: 2 items, $19.98.',
  )
  await user.click(screen.getByRole('button', { name: 'Remove FFR 10 from cart' }))
  expect(screen.getByText('Removed FFR 10 from your cart. Cart: 1 item, $4.99.')).toBeTruthy()
})

test('on a phone a bar keeps the cart count and total in sight and leads to the cart', async () => {
  const { user } = renderStore()
  // Nothing in the cart, no bar.
  expect(screen.queryByRole('link', { name: /^View cart/ })).toBeNull()
  await user.click(addButton('FFR 10'))
  await user.click(screen.getByRole('button', { name: 'Increase quantity of FFR 10' }))
  const link = screen.getByRole('link', { name: /^View cart\s*: 2 items, \$29\.98$/ })
  expect(link.getAttribute('href')).toBe('#store-cart')
  expect(link.closest('.store-cart-bar')?.textContent).toContain('2 items · $29.98')
  await user.click(link)
  await vi.waitFor(() => expect(document.activeElement?.id).toBe('store-cart-heading'))
})
