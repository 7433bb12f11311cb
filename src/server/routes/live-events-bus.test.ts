/**
 * The stage's bus (docs/decisions/018-the-stage-stream.md): a grant on one server process reaches the
 * stream's readers on another (PostgreSQL LISTEN/NOTIFY) within a second.
 */
import { describe, expect, test } from 'vitest'
import { buyCodes } from '#test/checkout'
import { openSse } from '#test/sse'
import { type StageApp, stageDatabases, withStageApps } from '#test/stage-app'
import { formatCode } from '../../shared/code-format'
import { stageApi } from '../../shared/stage'

const duringShow = '2026-11-22T22:30:00Z'

describe.runIf(stageDatabases.includes('PostgreSQL' as never))(
  'two server processes on one PostgreSQL database',
  () => {
    const t = withStageApps('PostgreSQL', 2, { now: duringShow })

    test('a grant on one reaches a reader of the other', async () => {
      const [a, b] = t.apps as [StageApp, StageApp]
      const reader = await openSse(`${b.url}${stageApi.events}`)
      await reader.waitFor((e) => e.event === 'total')
      const [code] = await buyCodes(a, [['boosts-15', 1]])
      const answer = await fetch(`${a.url}/k/${formatCode(code?.code ?? '')}`, {
        headers: { 'x-forwarded-for': '10.22.0.1' },
      })
      expect(((await answer.json()) as { status: string }).status).toBe('redeemed')
      const [gift] = await reader.waitFor((e) => e.event === 'gift', 1, 1000)
      expect(gift?.data).toMatchObject({ product: 'boosts-15', boosts: 15, from: 'a fan' })
      await reader.waitFor((e) => e.event === 'total', 2, 1000)
      expect(a.app.stage.count()).toBe(0)
      expect(b.app.stage.count()).toBe(1)
      reader.close()
    })
  },
)
