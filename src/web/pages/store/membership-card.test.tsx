import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { lineMismatches } from '#test/catalogue-facts'
import { withSchedule } from '#test/fetch-stub'
import { findProduct } from '../../../shared/catalogue'
import { membershipsOpenAttribute, membershipTexts, tierIds } from '../../../shared/memberships'
import { texts } from '../../../shared/texts'
import { TransitionRouter } from '../../components/transition-router'
import { StorePage } from './store-page'

const fetchMock = vi.fn<typeof fetch>()

beforeEach(() => {
  // The show codes are for is read from the schedule on mount (codes-show.tsx).
  vi.stubGlobal('fetch', withSchedule(fetchMock))
})

afterEach(() => {
  document.documentElement.removeAttribute(membershipsOpenAttribute)
  vi.unstubAllGlobals()
  fetchMock.mockReset()
})

function renderStore(open: boolean) {
  if (open) document.documentElement.setAttribute(membershipsOpenAttribute, 'open')
  const redirect = vi.fn<(url: string) => void>()
  render(
    <TransitionRouter url={'/store'}>
      <StorePage redirect={redirect} />
    </TransitionRouter>,
  )
  return { user: userEvent.setup(), redirect }
}

test('closed, each tier is "Coming Soon" and cannot be added', () => {
  renderStore(false)
  const tier1 = screen.getByRole('article', { name: 'Tier 1' })
  const button = within(tier1).getByRole('button', { name: `${texts.comingSoon}: Tier 1` })
  expect(button).toHaveProperty('disabled', true)
  expect(within(tier1).getByText('$24.99')).toBeTruthy()
  expect(within(tier1).queryByRole('button', { name: /^Join/ })).toBeNull()
})

test('open, each tier shows its monthly price, its boosts and perks in words, and Join', async () => {
  renderStore(true)
  const tier1 = await screen.findByRole('article', { name: 'Tier 1' })
  expect(within(tier1).getByText('$24.99 / month')).toBeTruthy()
  expect(
    within(tier1).getByText(
      '5 boosts at every show, up to 50 a month; unused boosts do not carry over',
    ),
  ).toBeTruthy()
  expect(within(tier1).getByText('1 custom joke a month')).toBeTruthy()
  expect(within(tier1).queryByRole('button', { name: /Coming Soon/ })).toBeNull()

  const tier3 = screen.getByRole('article', { name: 'Tier 3' })
  expect(within(tier3).getByText('$99.99 / month')).toBeTruthy()
  for (const line of ['5 custom jokes a month', 'Line jump pass', 'VIP status']) {
    expect(within(tier3).getByText(line)).toBeTruthy()
  }
  expect(within(tier3).getByRole('button', { name: 'Join: Tier 3' })).toHaveProperty(
    'disabled',
    false,
  )
})

test("open, each tier's card says what its declaration holds, and nothing it does not", async () => {
  renderStore(true)
  await screen.findByRole('button', { name: 'Join: Tier 1' })
  for (const tier of tierIds) {
    const product = findProduct(tier)
    if (!product) throw new Error(`no ${tier} in the catalogue`)
    const card = screen.getByRole('article', { name: product.name })
    const lines = within(card)
      .getAllByRole('listitem')
      .map((item) => item.textContent ?? '')
    expect(lineMismatches(product, lines)).toEqual([])
  }
})

test('Join asks for an address, posts the tier and goes to the payment page', async () => {
  const { user, redirect } = renderStore(true)
  const tier2 = await screen.findByRole('article', { name: 'Tier 2' })
  await user.click(within(tier2).getByRole('button', { name: 'Join: Tier 2' }))
  const email = within(tier2).getByLabelText(membershipTexts.emailLabel)
  expect(document.activeElement).toBe(email)

  const submit = within(tier2).getByRole('button', {
    name: `${membershipTexts.joinSubmit}: Tier 2`,
  })
  await user.click(submit)
  expect(within(tier2).getByRole('alert').textContent).toBe(membershipTexts.badEmail)
  expect(fetchMock).not.toHaveBeenCalled()

  fetchMock.mockResolvedValueOnce(
    new Response(JSON.stringify({ url: 'http://localhost:3000/pay/membership/sub_local_x' }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    }),
  )
  await user.type(email, ' fan@example.com ')
  await user.click(submit)
  expect(fetchMock).toHaveBeenCalledOnce()
  const [url, init] = fetchMock.mock.calls[0] ?? []
  expect(String(url)).toBe('/api/memberships/checkout')
  expect(JSON.parse(String(init?.body))).toEqual({ tier: 'membership-2', email: 'fan@example.com' })
  expect(redirect).toHaveBeenCalledWith('http://localhost:3000/pay/membership/sub_local_x')
})

test("the server's refusal is shown in the card", async () => {
  const { user } = renderStore(true)
  const tier1 = await screen.findByRole('article', { name: 'Tier 1' })
  await user.click(within(tier1).getByRole('button', { name: 'Join: Tier 1' }))
  fetchMock.mockResolvedValueOnce(
    new Response(JSON.stringify({ message: membershipTexts.stripeNotReady }), { status: 503 }),
  )
  await user.type(within(tier1).getByLabelText(membershipTexts.emailLabel), 'fan@example.com')
  await user.click(within(tier1).getByRole('button', { name: /^Continue to payment/ }))
  expect((await within(tier1).findByRole('alert')).textContent).toBe(membershipTexts.stripeNotReady)
})
