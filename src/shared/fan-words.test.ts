import fc from 'fast-check'
import { expect, test } from 'vitest'
import {
  cleanFanMessage,
  cleanFanWords,
  cleanStageName,
  fanMessageMax,
  fitsFanWords,
  stageNameMax,
} from './fan-words'

test('plain words are kept as typed', () => {
  expect(cleanStageName('Sam')).toBe('Sam')
  expect(cleanFanMessage('the cat bit killed, 10/10 — ¡olé! 😂')).toBe(
    'the cat bit killed, 10/10 — ¡olé! 😂',
  )
  expect(cleanStageName('Zoë Ångström')).toBe('Zoë Ångström')
})

test('control, bidirectional and zero-width characters are removed', () => {
  expect(cleanStageName('Sa\u0000m\u0007')).toBe('Sam')
  expect(cleanStageName('\u202eSam\u202c')).toBe('Sam')
  expect(cleanStageName('S\u200ba\u200dm\ufeff')).toBe('Sam')
  expect(cleanStageName('Sam\u2066x\u2069')).toBe('Samx')
  expect(cleanStageName('\u009b31mSam')).toBe('31mSam')
  expect(cleanFanMessage('a\u00adb')).toBe('ab')
})

test('line breaks become one space, and runs of spaces one', () => {
  expect(cleanFanMessage('line one\nline two\r\n\u2028three\t four')).toBe(
    'line one line two three four',
  )
  expect(cleanStageName('   Sam    Stone  ')).toBe('Sam Stone')
})

test('links are removed, with or without a scheme', () => {
  expect(cleanFanMessage('loved it https://evil.example/x?y=1 see you')).toBe('loved it see you')
  expect(cleanFanMessage('go to www.spam.shop now')).toBe('go to now')
  expect(cleanFanMessage('follow me at twitch.tv/sam ok')).toBe('follow me at ok')
  expect(cleanFanMessage('discord.gg/abc')).toBe('')
  expect(cleanFanMessage('javascript:alert(1)')).toBe('')
  expect(cleanStageName('sam.com')).toBe('')
  // Not a link: a sentence's full stop, a decimal, an abbreviation.
  expect(cleanFanMessage('Great set. 9.5 out of 10, e.g. the cat bit')).toBe(
    'Great set. 9.5 out of 10, e.g. the cat bit',
  )
})

test('markup stays text: it is never removed or interpreted, only shown as written', () => {
  expect(cleanFanMessage('<script>alert(1)</script>')).toBe('<script>alert(1)</script>')
  expect(cleanStageName('<b>Sam</b> & co')).toBe('<b>Sam</b> & co')
})

test('towers of accents are cut to two per letter', () => {
  const zalgo = `q${'\u0301'.repeat(40)}x${'\u0300\u0301\u0302\u0303'}`
  expect(cleanStageName(zalgo)).toBe('q\u0301\u0301x\u0300\u0301')
})

test('names are cut at 24 characters and messages at 140, never inside a pair', () => {
  expect([...cleanStageName('x'.repeat(30))]).toHaveLength(stageNameMax)
  expect([...cleanFanMessage('y'.repeat(300))]).toHaveLength(fanMessageMax)
  expect(cleanFanWords('😂'.repeat(30), 5)).toBe('😂'.repeat(5))
  // A decomposed letter cut at its accent loses the letter too.
  expect(cleanFanWords('abcdq\u0301', 5)).toBe('abcd')
})

test('what fits is decided on the cleaned words; absurd input does not fit', () => {
  expect(fitsFanWords('x'.repeat(stageNameMax), stageNameMax)).toBe(true)
  expect(fitsFanWords('x'.repeat(stageNameMax + 1), stageNameMax)).toBe(false)
  expect(fitsFanWords(`${'\u200b'.repeat(50)}Sam`, stageNameMax)).toBe(true)
  expect(fitsFanWords('a'.repeat(5000), 5000)).toBe(false)
})

const hostile = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 400 }),
  fc.string({ unit: 'grapheme', maxLength: 200 }),
  fc
    .array(
      fc.constantFrom(
        '\u202e',
        '\u2066',
        '\u200b',
        '\u0000',
        '\u001b[31m',
        '\u009b',
        '\n',
        '\u2028',
        '\ufeff',
        '\u0301',
        'https://x.io/a',
        'www.a.b',
        '<img src=x onerror=alert(1)>',
        '😂',
        'e\u0301',
        '\ud800',
        ' ',
        'a',
        '.com',
      ),
      { maxLength: 80 },
    )
    .map((parts) => parts.join('')),
)

test('whatever arrives, the result is short, on one line, without hidden characters or links, and cleaning it again changes nothing', () => {
  fc.assert(
    fc.property(hostile, fc.constantFrom(stageNameMax, fanMessageMax), (input, max) => {
      const out = cleanFanWords(input, max)
      expect([...out].length).toBeLessThanOrEqual(max)
      expect(out).not.toMatch(/[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}\p{Zl}\p{Zp}]/u)
      expect(out).not.toMatch(/https?:|www\./i)
      expect(out).toBe(out.trim())
      expect(out).not.toMatch(/\s{2}/)
      expect(out).not.toMatch(/\p{M}{3}/u)
      expect(cleanFanWords(out, max)).toBe(out)
    }),
    { numRuns: 2000 },
  )
})
