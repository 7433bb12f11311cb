import { expect, test } from 'vitest'
import { CheckoutRequestSchema } from './checkout'
import { ContactMessageSchema } from './contact'
import { emailMaxLength, isSimpleEmail } from './email'
import { operatorInputs } from './operator'

/** A simple address of exactly `length` characters. */
const addressOf = (length: number) => `${'a'.repeat(length - '@example.com'.length)}@example.com`

test('the one email rule takes addresses up to emailMaxLength characters, and every schema uses it', () => {
  const longest = addressOf(emailMaxLength)
  const tooLong = addressOf(emailMaxLength + 1)
  expect(isSimpleEmail(longest)).toBe(true)
  expect(isSimpleEmail(tooLong)).toBe(false)

  const items = [{ id: 'ffr-10', name: 'FFR 10', price: 14.99, quantity: 1 }]
  const contact = { name: 'Fan', message: 'Hi' }
  for (const [address, ok] of [
    [longest, true],
    [tooLong, false],
  ] as const) {
    expect(CheckoutRequestSchema.safeParse({ items, email: address }).success).toBe(ok)
    expect(ContactMessageSchema.safeParse({ ...contact, email: address }).success).toBe(ok)
    expect(
      operatorInputs['codes.resend'].safeParse({ orderId: 'ord_x', to: address }).success,
    ).toBe(ok)
  }
  const refused = operatorInputs['codes.resend'].safeParse({ orderId: 'ord_x', to: tooLong })
  expect(refused.error?.issues[0]?.message).toBe('must be a whole address')
})
