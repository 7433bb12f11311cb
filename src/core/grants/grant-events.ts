import type { Grant } from './grant'

/**
 * Who is told of each grant, subscribed once where the app is assembled (src/server/app.ts): the
 * stage stream sends its gift, the live feed and the stage's panel read again. The kiosk
 * publishes what its statement returned and knows none of them. A settlement is not among them:
 * it reads the grants' records when it is opened or closed (decision 040 says why).
 */
export interface GrantEvents {
  /** Calls `listener` with every grant from now on; returns what stops it. */
  subscribe(listener: (grant: Grant) => void): () => void
  /** Tells every listener, in the order they subscribed; one that throws does not stop the rest. */
  publish(grant: Grant): void
}

export function createGrantEvents(onError: (error: unknown) => void): GrantEvents {
  const listeners = new Set<(grant: Grant) => void>()
  return {
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    publish(grant) {
      for (const listener of listeners) {
        try {
          listener(grant)
        } catch (error) {
          onError(error)
        }
      }
    },
  }
}
