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
  const act = async (call: OperatorCall) => {
    const { comic } = await call('comics.add', { name })
    await call('stage.on', { comic: comic.id, ...(showId ? { show: showId } : {}) })
  }
  if (!databaseUrl) {
    const call = await connectOperatorChannel(server.dataDir, { who: 'bench' })
    if (!call) throw new Error('bench: no operator channel')
    await act(call)
    return name
  }
  const db = await openDatabase({ databaseUrl, dataDir: '' })
  try {
    await act(localOperator({ db, clock: systemClock }, { who: 'bench', via: 'cli' }))
  } finally {
    await db.destroy()
  }
  return name
}
