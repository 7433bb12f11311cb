import type { RunningServer } from '#test/server'
import { systemClock } from '../src/core/clock'
import { localOperator } from '../src/core/operator/run-action'
import { openDatabase } from '../src/server/adapters/db/database'
import { connectOperatorChannel } from '../src/server/adapters/operator-channel-client'
import type { OperatorCall } from '../src/shared/operator'

/**
 * Puts a comic on stage at tonight's show (or `showId`) of a running server, as the host does before fans
 * redeem: every grant of the kiosk's rows is then credited to a set, the path a show night takes.
 * Through the server's own channel on the embedded database, or straight on PostgreSQL.
 */
export async function putComicOnStage(
  server: RunningServer,
  databaseUrl?: string,
  showId?: string,
): Promise<string> {
  const name = `Bench Comic ${Date.now().toString(36)}`
  await operate(server, databaseUrl, async (call) => {
    const { comic } = await call('comics.add', { name })
    await call('stage.on', { comic: comic.id, ...(showId ? { show: showId } : {}) })
  })
  return name
}

/**
 * A comic on the bill of tonight's show (or the next), headlining: a show's page then names a
 * comic, and that comic's page names the show, as on a real night. Returns both addresses' keys.
 */
export async function putComicOnBill(
  server: RunningServer,
  databaseUrl?: string,
): Promise<{ slug: string; showId: string }> {
  let found: { slug: string; showId: string } | undefined
  await operate(server, databaseUrl, async (call) => {
    const { comic } = await call('comics.add', {
      name: `Bench Headliner ${Date.now().toString(36)}`,
    })
    const { lineup } = await call('lineup.set', {
      places: [{ comic: comic.id, role: 'headliner' }],
    })
    found = { slug: comic.slug, showId: lineup.showId }
  })
  if (!found) throw new Error('bench: no bill')
  return found
}

/** Runs `act` through the server's own channel (embedded database), or straight on PostgreSQL. */
async function operate(
  server: RunningServer,
  databaseUrl: string | undefined,
  act: (call: OperatorCall) => Promise<void>,
): Promise<void> {
  if (!databaseUrl) {
    const call = await connectOperatorChannel(server.dataDir, { who: 'bench' })
    if (!call) throw new Error('bench: no operator channel')
    await act(call)
    return
  }
  const db = await openDatabase({ databaseUrl, dataDir: '' })
  try {
    await act(localOperator({ db, clock: systemClock }, { who: 'bench', via: 'cli' }))
  } finally {
    await db.destroy()
  }
}
