/** Time comes from a clock so tests can set it; business rules never read Date.now() themselves. */
export interface Clock {
  now(): Date
}

export const systemClock: Clock = { now: () => new Date() }

/** A clock tests move by hand. */
export class ManualClock implements Clock {
  #now: number
  constructor(start: Date | string = '2026-11-22T18:00:00Z') {
    this.#now = new Date(start).getTime()
  }
  now(): Date {
    return new Date(this.#now)
  }
  set(instant: Date | string): void {
    this.#now = new Date(instant).getTime()
  }
  advance(ms: number): void {
    this.#now += ms
  }
}
