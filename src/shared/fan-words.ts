/**
 * A fan's words on a public stream: the name they give on stage and the message for the comic
 * that goes with a gift (docs/stage.md, "Names and messages"). One set of rules, applied where the
 * words are kept (checkout, /success, the member page) and again wherever they are shown (the
 * gift's sentence, so the overlay, the feed, the console and the images show the same words).
 * Every screen renders them as text, never as markup.
 */

/** "Name on stage": at most this many characters once cleaned; empty means "a fan". */
export const stageNameMax = 24
/** A message for the comic: at most this many characters once cleaned. */
export const fanMessageMax = 140
/** Longer input than this is refused before it is cleaned: no one types it. */
const rawInputMax = 2000

// Controls (C0, DEL, C1), format characters (zero-width, direction marks and the bidirectional
// embeddings, overrides and isolates, the byte-order mark, soft hyphens), line and paragraph
// separators, private-use and unassigned code points: none of them is a letter on a screen, and
// some make text read otherwise than it is written or hide a word from the word list.
const hidden = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}]/gu
const lineBreaks = /[\p{Zl}\p{Zp}\r\n\t\v\f]/gu
// A letter may carry a couple of accents; a tower of them ("Zalgo") spills over the lines around.
const markTowers = /(\p{M}{2})\p{M}+/gu

// Links: a scheme, "www.", or a name ending in a common top-level domain (with or without a path).
const topLevel =
  'com|net|org|io|gg|tv|ly|me|co|xyz|app|dev|info|biz|link|live|site|online|shop|club|ru|cn|uk|de|us|ca|fr|be|to|cc|sh|gl|vip'
const links = new RegExp(
  [
    '[a-z][a-z0-9+.-]*:\\/\\/\\S*',
    '(?:https?|ftp|javascript|vbscript|data|mailto):\\S*',
    'www\\.\\S*',
    `\\b[\\p{L}\\p{N}-]+(?:\\.[\\p{L}\\p{N}-]+)*\\.(?:${topLevel})\\b(?:[/?#:]\\S*)?`,
  ].join('|'),
  'giu',
)

/**
 * A fan's words as they may be shown: normalized (NFC), without hidden characters, on one line,
 * without links, spaces collapsed, cut to `max` characters (code points, a letter never split
 * from its accents).
 */
export function cleanFanWords(value: string, max: number): string {
  const cleaned = value
    .replace(lineBreaks, ' ')
    .replace(hidden, '')
    // After the removal, which may bring a letter and an accent together.
    .normalize('NFC')
    .replace(markTowers, '$1')
  return cut(withoutLinks(cleaned).replace(/\s+/gu, ' ').trim(), max)
}

/** Removes links until none is left: taking one out may leave another ("a.comwww.b.io"). */
function withoutLinks(text: string): string {
  let before = text
  for (;;) {
    const after = before.replace(links, ' ')
    if (after === before) return after
    before = after
  }
}

function cut(text: string, max: number): string {
  const letters = [...text]
  if (letters.length <= max) return text
  let end = max
  // Never leave an accent without its letter: cut before the letter it belongs to.
  while (end > 0 && /\p{M}/u.test(letters[end] ?? '')) end--
  return letters.slice(0, end).join('').trim()
}

/** A name on stage as kept and shown; empty: none. */
export const cleanStageName = (value: string) => cleanFanWords(value, stageNameMax)
/** A message for the comic as kept and shown; empty: none. */
export const cleanFanMessage = (value: string) => cleanFanWords(value, fanMessageMax)

/** The length a person's input counts as: its cleaned length (what will be shown). */
export const shownLength = (value: string) => [...cleanFanWords(value, rawInputMax)].length

/**
 * Whether input fits: not absurdly long as typed, and at most `max` characters once cleaned. A
 * longer one is refused with fanWordsTexts' sentence rather than cut without a word.
 */
export function fitsFanWords(value: string, max: number): boolean {
  return value.length <= rawInputMax && shownLength(value) <= max
}

/** The words of names and messages, for fans, the host and the command line. */
export const fanWordsTexts = {
  nameLabel: 'Name on stage',
  nameHint: `Optional, up to ${stageNameMax} characters: how the stream names you when your codes are redeemed. Empty: "a fan".`,
  nameTooLong: `Your name on stage can be at most ${stageNameMax} characters.`,
  /** A member's hint: without a name the stream names them by their tier ("a Tier 2 member"). */
  memberNameHint: (unnamed: string) =>
    `Optional, up to ${stageNameMax} characters: how the stream names you when you redeem your member code. Empty: "${unnamed}".`,
  messageLabel: 'Message for the comic',
  messageHint: `Optional, up to ${fanMessageMax} characters: shown with your gift when this code is redeemed. Links are removed.`,
  messageTooLong: `A message can be at most ${fanMessageMax} characters.`,
  saveMessage: 'Save message',
  messageSaved: 'Message saved: it shows when this code is redeemed.',
  messageCleared: 'Message removed.',
  messageLocked: 'This code is already redeemed: its message can no longer change.',
  messageVoided: 'This code was refunded: it no longer redeems, so it takes no message.',
  messageNotShown: 'Your message was not shown.',
  codeNotFound: 'No code of this order matches.',
  memberNameSaved: 'Name saved: the stream shows it with your gifts.',
  memberMessageSaved: "Message saved: it shows with tonight's gift when you redeem your code.",
  saveName: 'Save name and message',
} as const
