import type { LiveFeed } from '../../shared/live'
import { answerOf } from './answer-readers'
import { apiUrl } from './api-client'

const readLiveFeed = answerOf((s) => s.LiveFeedSchema)

/** GET /live: the show that is on or next and what fans have given, by its shared schema. */
export async function fetchLiveFeed(signal?: AbortSignal): Promise<LiveFeed> {
  const response = await fetch(apiUrl('/live'), { signal })
  if (!response.ok) throw new Error(`GET /live answered ${response.status}`)
  const feed = await readLiveFeed(await response.json())
  if (!feed) throw new Error('GET /live answered something else than the live feed')
  return feed
}

/**
 * The stage's event stream (docs/stage.md) where the browser has EventSource; undefined where it
 * has not, and the caller polls instead.
 */
export function openLiveEvents(): EventSource | undefined {
  return typeof EventSource === 'function' ? new EventSource(apiUrl('/live/events')) : undefined
}
