import { describe, expect, test } from 'vitest'
import { cartLine, countRows, postCheckout } from '#test/checkout'
import { testDatabases } from '#test/databases'
import { withTestApp } from '#test/test-app'
import { checkoutMessages, sessionMessages } from '../core/checkout/checkout-texts'
import { hasControlCharacters, printable, stripHiddenFormatting } from '../shared/text'

const nul = '\u0000'

test('control characters: C0 and DEL; tabs and line breaks only where text may have lines', () => {
  for (const c of ['\u0000', '\u0001', '\u0008', '\u001b', '\u001f', '\u007f', '\t', '\n', '\r']) {
    expect(hasControlCharacters(`a${c}b`)).toBe(true)
  }
  for (const c of ['\t', '\n', '\r']) expect(hasControlCharacters(`a${c}b`, true)).toBe(false)
  expect(hasControlCharacters(`a${nul}b`, true)).toBe(true)
  expect(hasControlCharacters('Zoë’s set — 😂 ¡olé!')).toBe(false)
})

test('C1 controls and direction overrides are taken out of kept text; a terminal gets every hidden character escaped', () => {
  expect(stripHiddenFormatting('a\u009b31mb\u202ec\u202cd\u2066e\u2069 Zoë 😂')).toBe(
    'a31mbcde Zoë 😂',
  )
  expect(stripHiddenFormatting('line\nnext\ttab')).toBe('line\nnext\ttab')
  expect(printable('a\u001b[2Jb\u009bc\u202ed\u200be\rf\ng\th')).toBe(
    'a\\u001b[2Jb\\u009bc\\u202ed\\u200be\\u000df\ng\th',
  )
  // Inside a JSON string the escape reads as the same character: --json stays the same value.
  const json = JSON.stringify({ name: 'Kim\u202e\u009b' })
  expect(JSON.parse(printable(json))).toEqual({ name: 'Kim\u202e\u009b' })
  expect(printable('Zoë’s set — 😂')).toBe('Zoë’s set — 😂')
})

describe.each(testDatabases)(
  'a NUL byte is a 400 with a message, never a 500, on $name',
  (database) => {
    const t = withTestApp(database)

    async function rows() {
      return Promise.all(
        (['orders', 'contact_messages', 'mail_outbox'] as const).map((table) =>
          countRows(t.db, table),
        ),
      )
    }

    test.each([
      ['%00', sessionMessages.badId],
      ['cs_local_abc%00', sessionMessages.badId],
      ['%1B%5B31m', sessionMessages.badId],
    ])('GET /api/get-session?session_id=%s', async (id, message) => {
      const response = await t.app.inject({ url: `/api/get-session?session_id=${id}` })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({ message })
    })

    test('the checkout email, an item id or an item name holding NUL', async () => {
      const before = await rows()
      const cases: [object, string][] = [
        [
          { items: [cartLine('ffr-10')], email: `fan${nul}@example.com` },
          checkoutMessages.badEmail,
        ],
        [
          { items: [cartLine('ffr-10')], email: `fan@example.com${nul}` },
          checkoutMessages.badEmail,
        ],
        [{ items: [{ ...cartLine('ffr-10'), id: `ffr-10${nul}` }] }, checkoutMessages.badId],
        [{ items: [{ ...cartLine('ffr-10'), name: `FFR${nul}10` }] }, checkoutMessages.badName],
      ]
      for (const [body, message] of cases) {
        const response = await postCheckout(t.app, body)
        expect(response.statusCode).toBe(400)
        expect(response.json()).toEqual({ message })
      }
      expect(await rows()).toEqual(before)
    })

    test('contact fields holding NUL or other control characters', async () => {
      const before = await rows()
      const valid = { name: 'Zoë', email: 'zoe@example.com', message: 'Loved it.\nAgain!' }
      const cases: [object, string][] = [
        [
          { ...valid, name: `Zo${nul}ë` },
          'Your name contains control characters (such as NUL) that cannot be sent: please remove them.',
        ],
        [
          { ...valid, message: `Loved${nul} it` },
          'Your message contains control characters (such as NUL) that cannot be sent: please remove them.',
        ],
        [
          { ...valid, message: 'Loved \u001b[31mit' },
          'Your message contains control characters (such as NUL) that cannot be sent: please remove them.',
        ],
        [{ ...valid, email: `zoe@exa${nul}mple.com` }, 'Please enter a valid email address.'],
      ]
      for (const [body, message] of cases) {
        const response = await t.app.inject({ method: 'POST', url: '/api/contact', payload: body })
        expect(response.statusCode).toBe(400)
        expect(response.json()).toEqual({ message })
      }
      expect(await rows()).toEqual(before)
      // Line breaks and tabs in a message are text, not control: it is sent.
      const sent = await t.app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: { ...valid, message: 'Line one\r\n\tLine two' },
      })
      expect(sent.statusCode).toBe(201)
    })
  },
)
