import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/**
 * False in the pre-rendered HTML and during hydration, true once React runs the page. A form
 * submitted before that would be sent by the browser itself, as a GET with its fields in the
 * URL: forms keep their submit button disabled until then.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}
