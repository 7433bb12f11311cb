/**
 * A small least-recently-used map. A fulfilled session's answer never changes, so the success
 * page's polls can be answered from memory; each server process keeps its own, and a miss just
 * reads the database.
 */
export class LruCache<V> {
  readonly #entries = new Map<string, V>()
  constructor(readonly capacity: number) {}

  get(key: string): V | undefined {
    const value = this.#entries.get(key)
    if (value === undefined) return undefined
    // Map keeps insertion order: re-inserting marks the entry as the most recently used.
    this.#entries.delete(key)
    this.#entries.set(key, value)
    return value
  }

  set(key: string, value: V): void {
    this.#entries.delete(key)
    this.#entries.set(key, value)
    if (this.#entries.size > this.capacity) {
      const oldest = this.#entries.keys().next()
      if (!oldest.done) this.#entries.delete(oldest.value)
    }
  }

  get size(): number {
    return this.#entries.size
  }
}
