/**
 * A map that keeps at most `capacity` entries, forgetting the least recently used first. Memory
 * stays bounded whatever the traffic: the success page's answers and "not paid yet" marks
 * (checkout-routes.ts) are kept in one per process, and a miss just reads the database.
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
