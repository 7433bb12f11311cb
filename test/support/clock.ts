// A clock tests move by hand.
import type { Clock } from '../../src/core/clock'

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
