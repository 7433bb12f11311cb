import { fireEvent, screen, within } from '@testing-library/react'
import { expect, test } from 'vitest'
import {
  actionOf,
  answerAction,
  answers,
  findHeading,
  renderConsole,
  stubConsoleApi,
} from '#test/console-web'
import { consoleTexts } from '../../../shared/console'
import type { CodeSummary, OrderDetail } from '../../../shared/operator-views'
import { partRefundTexts } from './part-refund-texts'

function code(state: CodeSummary['state']): CodeSummary {
  return {
    code: 'ABCDE-FGHJK',
    productId: 'boosts-5',
    description: '5 Boosts: 5 boosts',
    state,
    redeemedAt: null,
    anonymous: null,
    voidedAt: state === 'voided' ? '2026-11-22T23:00:00.000Z' : null,
    voidReason: state === 'voided' ? 'refunded' : null,
    expiresAt: '2026-11-23T01:00:00.000Z',
  }
}

function order(status: OrderDetail['status'], codes: CodeSummary[]): OrderDetail {
  return {
    id: 'ord_7f3KqZ0aBcDeFgHiJkLm',
    status,
    totalCents: 499,
    currency: 'usd',
    email: 'fan@example.com',
    createdAt: '2026-11-22T22:00:00.000Z',
    paidAt: '2026-11-22T22:01:00.000Z',
    provider: 'local',
    paymentRef: 'pay_1',
    paidCents: 499,
    refundedCents: status === 'refunded' ? 499 : 0,
    flagReason: null,
    show: { id: 'evt_1', name: 'Sunday Stand-Up', startsAt: '2026-11-22T22:00:00.000Z' },
    items: [{ productId: 'boosts-5', name: '5 Boosts', unitCents: 499, quantity: 1 }],
    codes,
    mails: [],
  }
}

test('a paid order offers to resend its codes and to refund it', async () => {
  stubConsoleApi(answerAction('orders.show', order('fulfilled', [code('unused')])))
  renderConsole('/admin/orders/ord_7f3KqZ0aBcDeFgHiJkLm')
  await findHeading('Order 7F3KQZ')
  const main = screen.getByRole('main')
  expect(await within(main).findByRole('heading', { name: 'Resend the codes' })).toBeTruthy()
  expect(within(main).getByRole('button', { name: 'Refund order 7F3KQZ…' })).toBeTruthy()
})

test('an order is named by its short reference, Copy gives the full id, its payment by its kind', async () => {
  const copied: string[] = []
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: { writeText: async (text: string) => void copied.push(text) },
  })
  stubConsoleApi(answerAction('orders.show', { ...order('fulfilled', []), provider: 'stripe' }))
  renderConsole('/admin/orders/ord_7f3KqZ0aBcDeFgHiJkLm')
  await findHeading('Order 7F3KQZ')
  const main = screen.getByRole('main')
  expect(await within(main).findByText(/card through Stripe/)).toBeTruthy()
  // Neither the full id nor the provider's reference is shown to be read.
  expect(main.textContent).not.toContain('ord_7f3KqZ0aBcDeFgHiJkLm')
  expect(main.textContent).not.toContain('pay_1')
  fireEvent.click(within(main).getByRole('button', { name: 'Copy the full id of Order 7F3KQZ' }))
  expect(await within(main).findByText('Copied')).toBeTruthy()
  expect(copied).toEqual(['ord_7f3KqZ0aBcDeFgHiJkLm'])
})

test.each(['refunded', 'disputed'] as const)(
  'a %s order offers neither Resend nor Refund: its codes are void and the money is back or held',
  async (status) => {
    stubConsoleApi(answerAction('orders.show', order(status, [code('voided'), code('voided')])))
    renderConsole('/admin/orders/ord_7f3KqZ0aBcDeFgHiJkLm')
    await findHeading('Order 7F3KQZ')
    const main = screen.getByRole('main')
    expect(await within(main).findByText(consoleTexts.codesVoid)).toBeTruthy()
    expect(within(main).getByText(consoleTexts.orderReversed(status))).toBeTruthy()
    expect(within(main).queryByRole('heading', { name: 'Resend the codes' })).toBeNull()
    expect(within(main).queryByRole('button', { name: /Refund/ })).toBeNull()
  },
)

test('part of an order: the host chooses the unused codes, sees what is refunded, voided and kept, then refunds it', async () => {
  const codes = [
    { ...code('redeemed'), code: 'AAAAA-BBBBB' },
    { ...code('unused'), code: 'CCCCC-DDDDD' },
  ]
  const paid = { ...order('fulfilled', codes), totalCents: 998, paidCents: 998 }
  const check = {
    order: paid,
    cents: 499,
    remainingCents: 998,
    voids: ['CCCCC-DDDDD'],
    refundsRedeemed: [],
    keeps: [],
    refusal: null,
    advice: null,
  }
  const stub = stubConsoleApi(
    answers(
      answerAction('orders.show', paid),
      answerAction('orders.refund-part-check', check),
      answerAction('orders.refund-part', {
        order: paid,
        cents: 499,
        voided: 1,
        mailedTo: 'fan@example.com',
      }),
    ),
  )
  renderConsole('/admin/orders/ord_7f3KqZ0aBcDeFgHiJkLm')
  await findHeading('Order 7F3KQZ')
  const panel = within(await screen.findByRole('region', { name: partRefundTexts.title }))
  fireEvent.click(panel.getByRole('button', { name: partRefundTexts.check }))
  const confirm = await screen.findByRole('region', {
    name: partRefundTexts.question('$4.99'),
  })
  expect(within(confirm).getByText(/These codes stop working: CCCCC-DDDDD/)).toBeTruthy()
  expect(within(confirm).getByText(partRefundTexts.keepsNone)).toBeTruthy()
  fireEvent.click(within(confirm).getByRole('button', { name: 'Refund $4.99' }))
  expect(
    await screen.findByText(
      consoleTexts.refunded({ refundedCents: 499, voided: 1, mailedTo: 'fan@example.com' }),
    ),
  ).toBeTruthy()
  const sent = stub.calls.filter((call) => actionOf(call)?.startsWith('orders.refund-part'))
  expect(sent.map((call) => [actionOf(call), call.body])).toEqual([
    ['orders.refund-part-check', { id: 'ord_7f3KqZ0aBcDeFgHiJkLm', includeRedeemed: false }],
    [
      'orders.refund-part',
      { id: 'ord_7f3KqZ0aBcDeFgHiJkLm', includeRedeemed: false, refundedWhenAsked: 0 },
    ],
  ])
})

test('part of an order by amount: an amount that is not one is said at once, and nothing is asked of the server', async () => {
  const stub = stubConsoleApi(answerAction('orders.show', order('fulfilled', [code('unused')])))
  renderConsole('/admin/orders/ord_7f3KqZ0aBcDeFgHiJkLm')
  await findHeading('Order 7F3KQZ')
  const panel = within(await screen.findByRole('region', { name: partRefundTexts.title }))
  fireEvent.click(panel.getByRole('radio', { name: partRefundTexts.amount }))
  fireEvent.change(panel.getByLabelText(partRefundTexts.amountLabel), {
    target: { value: 'five' },
  })
  fireEvent.click(panel.getByRole('button', { name: partRefundTexts.check }))
  expect(await panel.findByText(partRefundTexts.badAmount)).toBeTruthy()
  expect(stub.calls.filter((call) => actionOf(call)?.startsWith('orders.refund-part'))).toEqual([])
})
