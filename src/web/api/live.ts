import { type LiveFeed, parseLiveFeed } from '../../shared/live'
import { apiUrl } from './api-client'

/** GET /live: the show that is on or next and what fans have given (checked by hand). */
export async function fetchLiveFeed(signal?: AbortSignal): Promise<LiveFeed> {
  const response = await fetch(apiUrl('/live'), { signal })
  if (!response.ok) throw new Error(`GET /live answered ${response.status}`)
  return parseLiveFeed(await response.json())
}

/**
 * The stage's event stream (docs/stage.md) where the browser has EventSource; undefined where it
 * has not, and the caller polls instead.
 */
export function openLiveEvents(): EventSource | undefined {
  return typeof EventSource === 'function' ? new EventSource(apiUrl('/live/events')) : undefined
}
