/**
 * C0 control characters (NUL among them) and DEL: never part of a name, an address or an id, and
 * PostgreSQL refuses NUL in text outright. Schemas reject them with a message instead of letting
 * them reach the database. `allowLineBreaks` keeps tabs and line breaks, for a message's text.
 */
export function hasControlCharacters(value: string, allowLineBreaks = false): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i)
    if (c === 0x7f) return true
    if (c < 0x20 && !(allowLineBreaks && (c === 0x09 || c === 0x0a || c === 0x0d))) return true
  }
  return false
}

// C1 controls (U+0080 to U+009F: U+009B opens a terminal escape, as ESC [ does) and the
// bidirectional embeddings, overrides and isolates (U+202A to U+202E, U+2066 to U+2069), which make
// text read otherwise than it is written: never part of a joke, a name or a note.
const hiddenFormatting = /[\u0080-\u009f\u202a-\u202e\u2066-\u2069]/g

/** Text as kept from a person's input: without C1 controls and bidirectional overrides. */
export function stripHiddenFormatting(value: string): string {
  return value.replace(hiddenFormatting, '')
}

// What a terminal would act on rather than show: C0 controls but tab and line feed, DEL, C1
// controls, zero-width and direction marks, line and paragraph separators, bidirectional
// controls, and the byte-order mark.
const nonPrintable =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/g

/**
 * Text for a terminal: each non-printable character written as its \uXXXX escape, which reads the
 * same inside a JSON string (so --json output stays valid JSON of the same value).
 */
export function printable(text: string): string {
  return text.replace(nonPrintable, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
}
