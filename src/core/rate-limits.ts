/**
 * Every rate limit of the store, in one table: how many requests one client (or one address)
 * may make in a window. Each counts on the same kind of counter (server/adapters/window-counter),
 * shared by every server process through Redis when REDIS_URL is set, in each process's memory
 * otherwise. Sizes: enough for a person retrying, too few for a script.
 */
export const rateLimits = {
  /** Checkouts opened per client: a fan retrying a declined card, a few tabs. */
  checkouts: { max: 20, windowMs: 10 * 60_000 },
  /** Success-page polls per client (one every 3 s, at most 6 per visit, many visits). */
  sessionPolls: { max: 300, windowMs: 10 * 60_000 },
  /** "Lost your codes?" asks per client... */
  resendCodes: { max: 10, windowMs: 60 * 60_000 },
  /** ...and per address asked for, so nobody floods one inbox from many connections. */
  resendCodesPerAddress: { max: 3, windowMs: 60 * 60_000 },
  /** Contact-form messages per client. */
  contact: { max: 5, windowMs: 10 * 60_000 },
  /** Wrong codes per player at the kiosk; the ~49 bits of a code do the rest. */
  kioskFailures: { max: 10, windowMs: 10 * 60_000 },
  /** Console sign-in requests and link uses per client: a host mistyping, not a script... */
  consoleSignIn: { max: 10, windowMs: 15 * 60_000 },
  // An address's links are counted twice. Counted for the address alone, five requests from
  // anywhere locked its owner out for an hour: anyone could keep a host or a member from signing
  // in. Counted per (address, client network) first, a network that uses up its 5 an hour (more
  // than a person whose mail is slow asks for) stops only itself, and the owner's network still
  // gets its link; the overall 20 an hour keeps the inbox from a flood from many networks, and a
  // stranger now needs four networks of their own to reach it.
  /** ...links asked for one address from one client network... */
  consoleSignInPerAddressNetwork: { max: 5, windowMs: 60 * 60_000 },
  /** ...and from every network together, so nobody floods a host's inbox. */
  consoleSignInPerAddress: { max: 20, windowMs: 60 * 60_000 },
  /** Member-page sign-in requests and link uses per client, as the console's... */
  memberSignIn: { max: 10, windowMs: 15 * 60_000 },
  /** ...links asked for one address from one client network... */
  memberSignInPerAddressNetwork: { max: 5, windowMs: 60 * 60_000 },
  /** ...and from every network together, so nobody floods a member's inbox. */
  memberSignInPerAddress: { max: 20, windowMs: 60 * 60_000 },
  /** A comic's statement: sign-in requests and link uses per client, as the console's... */
  comicSignIn: { max: 10, windowMs: 15 * 60_000 },
  /** ...links asked for one address from one client network... */
  comicSignInPerAddressNetwork: { max: 5, windowMs: 60 * 60_000 },
  /** ...and from every network together, so nobody floods a comic's inbox. */
  comicSignInPerAddress: { max: 20, windowMs: 60 * 60_000 },
  /** Open-mic sign-ups per client: a comic retrying, a few shows... */
  openMicSignUp: { max: 10, windowMs: 60 * 60_000 },
  /** ...and per address, so nobody floods a comic's inbox with confirmation mails. */
  openMicSignUpPerAddress: { max: 3, windowMs: 60 * 60_000 },
  /** Confirm and withdraw links used per client: a person taps once or twice, a guesser more. */
  openMicLinks: { max: 20, windowMs: 15 * 60_000 },
  /** "Remind me" and "Follow" asked per client: each may mail an address its one confirm link. */
  reminderAsks: { max: 10, windowMs: 60 * 60_000 },
} as const satisfies Record<string, RateLimit>

export interface RateLimit {
  max: number
  windowMs: number
}

export type RateLimitName = keyof typeof rateLimits

export interface WindowCount {
  /** Hits in the current window, this one included. */
  count: number
  /** Until the window ends and the count starts again from 0. */
  resetInMs: number
}

/**
 * Counts hits per key in fixed windows that start at a key's first hit: "at most N in M
 * minutes". Each hit is counted and answered in one atomic step, so deciding from its result
 * holds however many requests arrive at once.
 */
export interface WindowCounter {
  hit(key: string): Promise<WindowCount>
  /**
   * Takes one hit back, when what was counted first turned out not to count (a kiosk attempt
   * counted as a failure before it was known, that redeemed). Never below 0.
   */
  release(key: string): Promise<void>
  /** The current count, adding nothing. */
  peek(key: string): Promise<WindowCount>
  reset(key: string): Promise<void>
}

/** Seconds until a window ends, for a Retry-After header: at least 1. */
export function retryAfterSeconds(count: WindowCount): number {
  return Math.max(1, Math.ceil(count.resetInMs / 1000))
}
