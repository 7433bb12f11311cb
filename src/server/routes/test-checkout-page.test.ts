import { expect, test } from 'vitest'
import { tokensCss } from '../../core/mail/design-tokens'
import { renderPayNotFoundPage, renderPayPage } from './test-checkout-page'
import { cardOutcome } from './test-checkout-routes'

/** Colour literals (#abc, #aabbcc) in a text. */
function hexColours(text: string): string[] {
  return text.match(/#[0-9a-fA-F]{6}\b|#[0-9a-fA-F]{3}\b/g) ?? []
}

test('every value placed in the pay page is escaped', () => {
  const html = renderPayPage({
    sessionId: 'cs_"><script>alert(1)</script>',
    lines: [
      { productId: 'ffr-10', name: '<img src=x onerror=alert(1)>', unitCents: 1499, quantity: 1 },
    ],
    totalCents: 1499,
    error: '<b>"declined"</b>',
  })
  expect(html).not.toContain('<script>')
  expect(html).not.toContain('<img')
  expect(html).not.toContain('<b>')
  expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;')
  expect(html).toContain('&lt;b&gt;&quot;declined&quot;&lt;/b&gt;')
  expect(html).toContain('action="/pay/cs_%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E"')
})

test('the pay page shows money in US dollars with two decimals', () => {
  const html = renderPayPage({
    sessionId: 'cs_local_x',
    lines: [{ productId: 'ffr-50', name: 'FFR 50', unitCents: 6969, quantity: 3 }],
    totalCents: 20907,
  })
  expect(html).toContain('$209.07')
})

test('the pay pages declare their language, a viewport and inline styles only', () => {
  for (const html of [
    renderPayNotFoundPage(),
    renderPayPage({ sessionId: 's', lines: [], totalCents: 0 }),
  ]) {
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/)
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">')
    expect(html).toContain('<style>')
    expect(html).toContain(':focus-visible')
    expect(html).not.toContain('<script')
  }
})

test('test card numbers are read without spaces or dashes', () => {
  expect(cardOutcome('4242 4242 4242 4242')).toBe('pays')
  expect(cardOutcome(' 4242-4242-4242-4242 ')).toBe('pays')
  expect(cardOutcome('4000000000000002')).toBe('declined')
  expect(cardOutcome('4000 0000 0000 9995')).toBe('insufficientFunds')
  expect(cardOutcome('4242 4242 4242 4241')).toBe('unknown')
  expect(cardOutcome('')).toBe('unknown')
})

test('the page includes the tokens and repeats no colour of its own', () => {
  const html = renderPayPage({
    sessionId: 'cs_local_x',
    lines: [{ productId: 'ffr-10', name: 'FFR 10', unitCents: 1499, quantity: 1 }],
    totalCents: 1499,
  })
  expect(html).toContain(tokensCss)
  const outsideTokens = html.replace(tokensCss, '')
  expect(hexColours(outsideTokens)).toEqual([])
  expect(outsideTokens).toContain('var(--color-accent)')
})
