import { expect, test } from 'vitest'
import { codesMail } from '../checkout/codes-mail'
import { composeMail } from './compose'
import { token, tokens } from './design-tokens'

/** Colour literals (#abc, #aabbcc) in a text. */
function hexColours(text: string): string[] {
  return text.match(/#[0-9a-fA-F]{6}\b|#[0-9a-fA-F]{3}\b/g) ?? []
}

test('the tokens are read from tokens.css, names and values', () => {
  expect(token('--color-bg')).toMatch(/^#[0-9a-f]{6}$/)
  expect(token('--font-body')).toContain('system-ui')
  expect(Object.keys(tokens).length).toBeGreaterThan(30)
  expect(() => token('--color-nope')).toThrow(/tokens.css has no --color-nope/)
})

test('the mails take their colours and font from the tokens', () => {
  const mails = [
    composeMail('fan@example.com', 'Subject', [{ paragraph: 'Hello' }, { heading: 'Codes' }]),
    codesMail({
      to: 'fan@example.com',
      codes: [{ code: 'ABCDEFGHJK', description: 'FFR 10' }],
      show: { name: 'Sunday Stand-Up', startsAt: new Date('2026-11-22T22:00:00Z') },
      expiresAt: new Date('2026-11-23T01:00:00Z'),
      order: {
        id: 'ord_1',
        paidAt: new Date('2026-11-21T18:00:00Z'),
        lines: [{ name: 'FFR 10', unitCents: 1499, quantity: 1 }],
        totalCents: 1499,
      },
    }),
  ]
  const allowed = new Set(Object.values(tokens).flatMap(hexColours))
  for (const mail of mails) {
    const colours = hexColours(mail.html ?? '')
    expect(colours.length).toBeGreaterThan(0)
    for (const colour of colours) expect(allowed).toContain(colour)
    expect(mail.html).toContain(`color:${token('--color-surface')}`)
  }
})
