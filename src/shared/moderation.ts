/**
 * How the host moderates fans' messages on the stream (docs/stage.md, "Moderation"): shown at
 * once unless the club's word list catches them (`words`, the default), or every one held until
 * approved (`hold`). A held message waits in Tonight's panel; the gift's alert plays at once
 * without it. The contract between core's rules, the console and the command line.
 */

export const moderationModes = ['words', 'hold'] as const
export type ModerationMode = (typeof moderationModes)[number]

/** Where a message stands: shown (at once, or approved after waiting), waiting, or rejected. */
export const messageStates = ['shown', 'held', 'approved', 'rejected'] as const
export type MessageState = (typeof messageStates)[number]

/** A message reaches the screens only in these states. */
export const isShownState = (state: MessageState | null) =>
  state === 'shown' || state === 'approved'

/** The host's decisions on a held message. */
export const messageDecisions = ['approve', 'reject'] as const
export type MessageDecision = (typeof messageDecisions)[number]

/** The list's limits: enough for any club, small enough to match in the grant's statement. */
export const wordListLimits = { maxWords: 300, maxWordLength: 40 } as const

/**
 * The list the club starts with: slurs, sexual words, harassment and the usual spam. A listed word
 * catches every word that starts with it ("shit" catches "shitty"), in any case; a listed phrase
 * ("kill yourself") catches the phrase. The host edits it in the console or with
 * `npm run admin -- stage messages words`.
 */
export const defaultWordList: readonly string[] = [
  'fuck',
  'shit',
  'cunt',
  'bitch',
  'whore',
  'slut',
  'dick',
  'cock',
  'pussy',
  'nigger',
  'nigga',
  'faggot',
  'retard',
  'tranny',
  'spic',
  'chink',
  'kike',
  'nazi',
  'hitler',
  'rape',
  'kys',
  'kill yourself',
  'porn',
  'nude',
  'onlyfans',
  'cashapp',
  'venmo',
  'crypto',
  'free robux',
  'telegram',
  'whatsapp',
]

/** A word or phrase as listed: lower case, single spaces, no hidden characters. */
export function listedWord(word: string): string {
  return word
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim()
    .toLowerCase()
}

/** The list as kept: each word once, in the order given, empty lines dropped. */
export function wordList(words: readonly string[]): string[] {
  return [...new Set(words.map(listedWord).filter((word) => word !== ''))]
}

/** What the host is told of moderation, in the console and on the command line. */
export const moderationTexts = {
  heading: 'Messages',
  modeLabel: 'Fans’ messages',
  modes: {
    words: 'Show at once unless the word list catches them',
    hold: 'Hold every message until I approve it',
  } satisfies Record<ModerationMode, string>,
  wordsLabel: 'Word list (one word or phrase a line)',
  wordsHint:
    'A listed word catches every word that starts with it, in any case. Caught messages wait here for you.',
  save: 'Save moderation',
  saved: 'Moderation saved.',
  heldHeading: 'Messages waiting',
  noneHeld: 'No message is waiting.',
  approve: 'Approve',
  reject: 'Reject',
  approved: 'Approved: the message follows on the stream.',
  rejected: 'Rejected: the message is never shown.',
  alreadyDecided: 'This message was already decided.',
  notFound: 'No waiting message has this id.',
  tooManyWords: `The word list can hold at most ${wordListLimits.maxWords} words.`,
  wordTooLong: `A listed word can be at most ${wordListLimits.maxWordLength} characters.`,
  nothingToChange: 'Nothing to change: give a mode, a word list or both.',
} as const
