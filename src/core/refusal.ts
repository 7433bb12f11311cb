import type { RefusalAdvice } from '../shared/answers'

/**
 * Why the domain said no, in words a person reads. The HTTP answer of each kind is decided once,
 * in the server's error plugin (src/server/plugins/errors.ts): routes throw, they never write a
 * status for a refusal. The command line prints the message with exit code 1.
 */
export const refusalKinds = [
  /** The input is wrong: 400. */
  'invalid',
  /** No session, or not the right one: 401. */
  'unauthorized',
  /** A request from another site, or a token that does not match: 403. */
  'forbidden',
  /** Nothing of that name: 404. */
  'not-found',
  /** It exists, but its state says no (a price changed, a payment under review): 409. */
  'conflict',
  /** It was there and is no more (expired, refunded): 410. */
  'gone',
  /** Too many tries: 429, with Retry-After. */
  'limited',
  /** A service this needs is not set up: 503. */
  'unavailable',
  /** A service this needs did not answer (the payment provider): 502. */
  'upstream',
] as const

export type RefusalKind = (typeof refusalKinds)[number]

export interface RefusalDetails {
  /** For `limited`: how long until the client may try again. */
  retryAfterSeconds?: number | undefined
  /** What would let a refused refund go ahead (src/shared/operator.ts). */
  advice?: RefusalAdvice | undefined
}

export class Refusal extends Error {
  constructor(
    readonly kind: RefusalKind,
    message: string,
    readonly details: RefusalDetails = {},
  ) {
    super(message)
    this.name = 'Refusal'
  }
}

/** Shorthands read as the sentence they throw: `throw refuse.notFound('There is no order X.')`. */
export const refuse = {
  invalid: (message: string, details?: RefusalDetails) => new Refusal('invalid', message, details),
  unauthorized: (message: string) => new Refusal('unauthorized', message),
  forbidden: (message: string) => new Refusal('forbidden', message),
  notFound: (message: string) => new Refusal('not-found', message),
  conflict: (message: string, details?: RefusalDetails) =>
    new Refusal('conflict', message, details),
  gone: (message: string) => new Refusal('gone', message),
  limited: (message: string, retryAfterSeconds: number) =>
    new Refusal('limited', message, { retryAfterSeconds }),
  unavailable: (message: string) => new Refusal('unavailable', message),
  upstream: (message: string) => new Refusal('upstream', message),
}
