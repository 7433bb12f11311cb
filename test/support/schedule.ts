// Makes a test's schedule independent of the hour it runs at.
import type { Clock } from '../../src/core/clock'
import type { Db } from '../../src/core/db/schema'
import { listUpcoming, removeEvent, seedRegularShows } from '../../src/core/schedule/events'

/**
 * Makes a test's schedule independent of the hour it runs at: seeds the regular Sunday and
 * Tuesday shows as the server would, then removes the one that is on at `now` or starts within
 * `clearMs` (an hour by default). A test that adds its own event "starting soon" or "on now" then
 * finds it first, on a Tuesday evening too. Returns how many shows the schedule has left.
 */
export async function clearRegularShowsNear(
  db: Db,
  clock: Clock,
  clearMs = 60 * 60_000,
): Promise<number> {
  const now = clock.now()
  await seedRegularShows(db, clock)
  const upcoming = await listUpcoming(db, now)
  let removed = 0
  for (const event of upcoming) {
    if (event.source !== 'regular') continue
    if (new Date(event.starts_at).getTime() > now.getTime() + clearMs) break
    await removeEvent(db, event.id, now)
    removed++
  }
  return upcoming.length - removed
}
