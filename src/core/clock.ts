/** Time comes from a clock so tests can set it; business rules never read Date.now() themselves. */
export interface Clock {
  now(): Date
}

export const systemClock: Clock = { now: () => new Date() }
