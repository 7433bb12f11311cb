import { perkWords } from './catalogue'
import { cleanFanMessage } from './fan-words'
import { type GiftWords, giftSentence } from './gift-sentence'
import { type GoalView, goalTexts } from './goal'
import { siteConfig } from './site-config'
import { type GiftEvent, stageKeyParam } from './stage'

/**
 * The stream overlay (docs/overlay.md): a page for OBS's browser source that shows each gift of
 * the stage's event stream as an alert. Its address, its URL options and its words, in one place
 * for the server that sends it, the page and the tests.
 */
export const overlayPath = '/overlay'

/** The overlay's address with the stage key, as the host pastes it into OBS. */
export function overlayUrl(publicUrl: string, key: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${overlayPath}?${stageKeyParam}=${encodeURIComponent(key)}`
}

/** The built overlay's HTML (dist/client), sent by the server at `overlayPath`. */
export const overlayHtmlFile = 'overlay.html'

/** The size OBS's browser source renders at; the page scales this stage to the viewport. */
export const overlaySize = { width: 1920, height: 1080 } as const

/**
 * An alert's box in the stage: the widest it gets and the tallest, clear of the lower third and
 * the total at the bottom (the stylesheet's max-width matches; overlay-view.ts fits the words).
 */
export const overlayFit = { maxAlertWidth: 1200, maxAlertHeight: 820 } as const

/** The shortest an alert stays on screen, and the pause between two. */
export const alertTiming = { defaultMinSeconds: 4, minSeconds: 1, maxSeconds: 60, gapMs: 800 }

/** `?sound=off&total=off&lowerThird=off&min=4&key=...`: what the host set in the source's URL. */
export interface OverlayOptions {
  sound: boolean
  total: boolean
  /** The lower third "On stage: Sam" while a comic is on. */
  lowerThird: boolean
  /** How long each alert stays on screen, at least. */
  minMs: number
  /** The stage key, passed on to the stream as it is (the server says nothing of a wrong one). */
  key: string | undefined
}

/** Reads the URL's options; anything unknown or out of range falls back to the default. */
export function parseOverlayOptions(search: string): OverlayOptions {
  const query = new URLSearchParams(search)
  const off = (name: string) => ['off', 'false', '0', 'no'].includes(query.get(name) ?? '')
  const min = Number(query.get('min') ?? Number.NaN)
  const seconds =
    Number.isFinite(min) && min >= alertTiming.minSeconds && min <= alertTiming.maxSeconds
      ? min
      : alertTiming.defaultMinSeconds
  const key = query.get(stageKeyParam) || undefined
  return {
    sound: !off('sound'),
    total: !off('total'),
    lowerThird: !off('lowerThird'),
    minMs: Math.round(seconds * 1000),
    key,
  }
}

/** How big an alert is, and which sound it plays: by the gift's boosts. */
export const alertSizes = ['small', 'medium', 'large'] as const
export type AlertSize = (typeof alertSizes)[number]

/** 5 boosts (a pack, an FFR 10) is small; 10 or 15 medium; an FFR 50's 25 large. */
export function alertSize(boosts: number): AlertSize {
  if (boosts >= 20) return 'large'
  if (boosts >= 10) return 'medium'
  return 'small'
}

/** Each size's chime, and the goal's, written by scripts/make-sounds.ts into public/sounds. */
export function alertSoundUrl(size: AlertSize | 'goal'): string {
  return `/sounds/alert-${size}.wav`
}

/** The overlay's words. */
export const overlayTexts = {
  title: `${siteConfig.brand} stream overlay`,
  /** The running total in the corner. */
  total: (boosts: number) => `${boosts} ${boosts === 1 ? 'boost' : 'boosts'} tonight`,
  boosts: (boosts: number) => `+${boosts} ${boosts === 1 ? 'boost' : 'boosts'}`,
  vip: perkWords.vip.name,
  test: 'Test alert',
  /** The tag of an approved message's own alert. */
  message: 'Message',
  /** A fan's message under the gift's line, in quotes. */
  quoted: (message: string) => `“${message}”`,
} as const

/**
 * What an alert shows, from the gift's public fields only (the stream never carries a code, an
 * email or an address, and the overlay would not show one if it did).
 */
export interface AlertContent {
  size: AlertSize
  /** A gift's alert, or the night's goal reached (its own look and chime). */
  kind?: 'gift' | 'goal'
  /** The gift's sentence without its message (giftSentence): "Sam gave 25 boosts to Rosa". */
  text: string
  /** The fan's message, shown quoted on a line of its own under the sentence; empty: none. */
  message?: string
  from: string
  boosts: string
  product: string
  vip: boolean
  test: boolean
  /** The show's running total with this gift: the corner shows it when the alert does. */
  totalBoosts?: number
}

/** A gift (or the host's test alert) as the overlay shows it. */
export function alertContent(gift: GiftEvent, test: boolean): AlertContent {
  return {
    size: alertSize(gift.boosts),
    // The gift's one sentence (the same words as the feed and the board), its message apart.
    text: giftSentence(giftWords(gift), { message: false }),
    message: cleanFanMessage(giftWords(gift).message),
    from: gift.from,
    boosts: overlayTexts.boosts(gift.boosts),
    product: gift.productName,
    vip: gift.vip,
    test,
    // A test alert counts for nothing: the corner keeps the show's total.
    ...(test ? {} : { totalBoosts: gift.totalBoosts }),
  }
}

/**
 * The short alert of a message the host approved after it waited: who gave, then the message;
 * small, and the corner's total does not move (the gift counted already).
 */
export function followUpContent(gift: GiftEvent): AlertContent {
  const words = giftWords(gift)
  return {
    size: 'small',
    text: giftSentence(words, { message: false }),
    message: cleanFanMessage(words.message),
    from: gift.from,
    boosts: overlayTexts.message,
    product: gift.productName,
    vip: gift.vip,
    test: false,
  }
}

/** A gift's words from the stream, whatever an older server left out. */
function giftWords(gift: GiftEvent): GiftWords {
  const text = (value: unknown) => (typeof value === 'string' ? value : '')
  return {
    name: text(gift.name),
    from: text(gift.from),
    boosts: gift.boosts,
    comic: text(gift.comic),
    message: text(gift.message),
  }
}

/** The goal's alert: as large as the largest gift's, with its own chime. */
export function goalAlertContent(
  goal: Pick<GoalView, 'boosts' | 'reward' | 'level'>,
): AlertContent {
  return {
    size: 'large',
    kind: 'goal',
    text: goalTexts.reached(goal),
    from: '',
    boosts: goalTexts.reachedTitle,
    product: goalTexts.level(goal.level),
    vip: false,
    test: false,
  }
}
