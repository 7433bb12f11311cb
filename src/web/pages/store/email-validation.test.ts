import { expect, test } from 'vitest'
import { CheckoutRequestSchema } from '../../../shared/checkout'
import { isSimpleEmail } from '../../../shared/email'

test('a simple address is accepted for the codes email', () => {
  for (const address of ['fan@example.com', 'first.last+vr@mail.example.co.uk', 'a@b.io']) {
    expect(isSimpleEmail(address)).toBe(true)
  }
})

test('anything that is not something@something.tld is refused', () => {
  for (const address of [
    '',
    'fan',
    'fan@',
    '@example.com',
    'fan@example',
    'fan @example.com',
    'fan@exa mple.com',
    'fan@@example.com',
    `${'a'.repeat(250)}@example.com`,
  ]) {
    expect(isSimpleEmail(address)).toBe(false)
  }
})

test('the checkout request accepts no email, an empty one, or a valid one only', () => {
  const items = [{ id: 'ffr-10', name: 'FFR 10', price: 14.99, quantity: 1 }]
  expect(CheckoutRequestSchema.safeParse({ items }).success).toBe(true)
  expect(CheckoutRequestSchema.safeParse({ items, email: '' }).success).toBe(true)
  expect(CheckoutRequestSchema.safeParse({ items, email: 'fan@example.com' }).success).toBe(true)
  expect(CheckoutRequestSchema.safeParse({ items, email: 'not-an-email' }).success).toBe(false)
})
