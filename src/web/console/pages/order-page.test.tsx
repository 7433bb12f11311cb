import { screen, within } from '@testing-library/react'
import { beforeAll, expect, test } from 'vitest'
import { answerAction, findHeading, renderConsole, stubConsoleApi } from '#test/console-web'
import { consoleTexts } from '../../../shared/console'
import type { CodeSummary, OrderDetail } from '../../../shared/operator-views'

// The answers' schemas load with the first answer: here once, before the first test's clock.
beforeAll(() => import('../../api/answer-schemas'))

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
    id: 'ord_1',
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
  renderConsole('/admin/orders/ord_1')
  await findHeading(/ord_1/)
  const main = screen.getByRole('main')
  expect(await within(main).findByRole('heading', { name: 'Resend the codes' })).toBeTruthy()
  expect(within(main).getByRole('button', { name: 'Refund this order…' })).toBeTruthy()
})

test.each(['refunded', 'disputed'] as const)(
  'a %s order offers neither Resend nor Refund: its codes are void and the money is back or held',
  async (status) => {
    stubConsoleApi(answerAction('orders.show', order(status, [code('voided'), code('voided')])))
    renderConsole('/admin/orders/ord_1')
    await findHeading(/ord_1/)
    const main = screen.getByRole('main')
    expect(await within(main).findByText(consoleTexts.codesVoid)).toBeTruthy()
    expect(within(main).getByText(consoleTexts.orderReversed(status))).toBeTruthy()
    expect(within(main).queryByRole('heading', { name: 'Resend the codes' })).toBeNull()
    expect(within(main).queryByRole('button', { name: /Refund/ })).toBeNull()
  },
)
