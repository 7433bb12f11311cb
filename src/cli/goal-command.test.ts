/**
 * The night's goal (docs/stage.md, "The night's goal"), from the command line and the operator
 * action the console shares: set, changed, reached once (its alert on the stream once, whoever
 * pushed the total past it), raised for a second level; each change in the audit log; bad
 * input changes nothing. On both databases, and on two server processes of one PostgreSQL.
 */
import { describe, expect, test } from 'vitest'
import { buyCodes } from '#test/checkout'
import { openSse, type SseEvent, type SseStream } from '#test/sse'
import { type StageApp, stageDatabases, withStageApps } from '#test/stage-app'
import { readLiveFeed } from '../core/kiosk/live-feed'
import { listAudit } from '../core/operator/audit'
import { runOperatorAction } from '../core/operator/run-action'
import { formatCode } from '../shared/code-format'
import { goalHostTexts, goalTexts } from '../shared/goal'
import { stageApi } from '../shared/stage'
import { runAdmin } from './admin'

/** Half an hour into the Sunday show (22 November 2026, 16:00 CST). */
const duringShow = '2026-11-22T22:30:00Z'
const showId = 'regular-20261122T2200Z'
const reward = 'the headliner does five minutes of crowd work'

let nextPlayer = 1
const player = () => `10.44.${nextPlayer >> 8}.${nextPlayer++ & 255}`
const isGoal = (event: SseEvent) => event.event === 'goal'

async function redeemAt(app: StageApp, code: string): Promise<void> {
  const response = await fetch(`${app.url}/k/${formatCode(code)}`, {
    headers: { 'x-forwarded-for': player() },
  })
  expect(((await response.json()) as { status: string }).status).toBe('redeemed')
}

/** Waits until the reader has seen `count` totals after `from` (the stream is in step). */
async function settled(reader: SseStream, count: number): Promise<void> {
  await reader.waitFor((event) => event.event === 'total', count, 5000)
}

describe.each(stageDatabases)('the night’s goal on %s', (kind) => {
  const t = withStageApps(kind, 1, { now: duringShow })
  const one = () => t.apps[0] as StageApp

  async function admin(args: string[]): Promise<{ code: number; lines: string[] }> {
    const lines: string[] = []
    const out = {
      log: (line: string) => lines.push(line),
      error: (line: string) => lines.push(line),
    }
    const code = await runAdmin(args, { db: one().deps.db, clock: t.clock, out })
    return { code, lines }
  }

  test('set from the command line, shown on the stream and the feed, reached once, raised for a second level', async () => {
    const reader = await openSse(`${one().url}${stageApi.events}`)
    await settled(reader, 1)
    expect(await admin(['goal', 'show'])).toEqual({
      code: 0,
      lines: ['Sunday Stand-Up', goalTexts.none],
    })

    // Bad input is refused with a sentence, and nothing is stored.
    for (const args of [
      ['goal', 'set', '--boosts', '0', '--reward', reward],
      ['goal', 'set', '--boosts', 'lots', '--reward', reward],
      ['goal', 'set', '--boosts', '30'],
      ['goal', 'set', '--boosts', '30', '--reward', '   '],
    ]) {
      const answer = await admin(args)
      expect(answer.code, args.join(' ')).toBe(1)
      expect(answer.lines.join(' ').length).toBeGreaterThan(10)
    }
    expect((await readLiveFeed(t.db, t.clock.now())).goal).toBeNull()

    const set = await admin(['goal', 'set', '--boosts', '30', '--reward', 'crowd work'])
    expect(set.code).toBe(0)
    const goal = { boosts: 30, reward: 'crowd work', level: 1, reached: false }
    expect(set.lines).toEqual([
      goalHostTexts.set(goal, 'Sunday Stand-Up'),
      goalTexts.progress(0, goal),
    ])
    // Changed before it is reached: the same level.
    const changed = await admin(['goal', 'set', '--boosts', '30', '--reward', reward])
    expect(changed.code).toBe(0)
    const first = { ...goal, reward }
    await reader.waitFor(
      (event) => event.event === 'total' && JSON.stringify(event.data).includes('crowd work'),
      2,
    )
    expect(reader.events.filter((event) => event.event === 'total').at(-1)?.data).toMatchObject({
      showId,
      totalBoosts: 0,
      goal: first,
    })
    expect((await readLiveFeed(t.db, t.clock.now())).goal).toEqual(first)

    // 10 + 10 + 15: the third gift passes 30, and only it plays the goal's alert.
    const codes = [
      ...(await buyCodes(one(), [['ffr-25', 2]])),
      ...(await buyCodes(one(), [['boosts-15', 2]])),
    ].map((code) => code.code)
    for (const code of codes.slice(0, 3)) await redeemAt(one(), code)
    const [reached] = await reader.waitFor(isGoal, 1, 5000)
    expect(reached?.data).toEqual({ ...first, reached: true, showId, totalBoosts: 35 })
    // The next gift does not play it again.
    await redeemAt(one(), codes[3] ?? '')
    await reader.waitFor((event) => event.event === 'gift', 4, 5000)
    await settled(reader, 7)
    expect(reader.events.filter(isGoal)).toHaveLength(1)
    expect(await admin(['goal', 'show'])).toEqual({
      code: 0,
      lines: [
        `Sunday Stand-Up: level 1, ${goalTexts.reachedTitle.toLowerCase()}`,
        goalTexts.progress(50, first),
      ],
    })

    // Raised: it must ask for more than the level reached; a second level, not reached yet.
    const lower = await admin(['goal', 'set', '--boosts', '30', '--reward', 'an encore'])
    expect(lower).toEqual({ code: 1, lines: [goalHostTexts.notHigher(30)] })
    const raised = await admin(['goal', 'set', '--boosts', '80', '--reward', 'an encore', '--json'])
    expect(JSON.parse(raised.lines.join('\n'))).toMatchObject({
      change: 'raised',
      reachedNow: false,
      goal: { boosts: 80, reward: 'an encore', level: 2, reached: false },
    })
    expect(reader.events.filter(isGoal)).toHaveLength(1)

    // Set at or below what the room already gave: reached at once, its alert once.
    const now = await admin(['goal', 'set', '--boosts', '50', '--reward', 'a song'])
    expect(now.code).toBe(0)
    expect(now.lines[0]).toContain(goalHostTexts.reachedNow)
    const [second] = await reader.waitFor(isGoal, 2, 5000)
    expect(
      reader.events.filter(isGoal).map((event) => (event.data as { level: number }).level),
    ).toEqual([1, 2])
    expect(second).toBeDefined()

    // Every change is in the audit log, by the machine's user on the command line.
    const audit = await listAudit(t.db, { page: 1, pageSize: 50 })
    const goals = audit.items.filter((entry) => entry.action.startsWith('goal.'))
    expect(goals.map((entry) => entry.action)).toEqual([
      'goal.set',
      'goal.raise',
      'goal.set',
      'goal.set',
    ])
    expect(goals.every((entry) => entry.via === 'cli')).toBe(true)
    reader.close()
  })
  test('set from the console, which names the show: stored, then changed', async () => {
    const deps = { db: one().deps.db, clock: t.clock }
    const host = { who: 'host@club.example', via: 'console' } as const
    // The console's form sends the show it is on with the boosts and the reward: next Sunday's.
    const show = 'regular-20261129T2200Z'
    const set = await runOperatorAction(deps, host, 'goal.set', { show, boosts: 40, reward })
    expect(set).toMatchObject({ change: 'set', goal: { boosts: 40, reward, level: 1 } })
    const changed = await runOperatorAction(deps, host, 'goal.set', { show, boosts: 45, reward })
    expect(changed).toMatchObject({ change: 'edited', goal: { boosts: 45, level: 1 } })
    const shown = await runOperatorAction(deps, host, 'goal.show', { show })
    expect(shown.goal).toMatchObject({ boosts: 45, reward })
  })
})

describe.runIf(stageDatabases.includes('PostgreSQL' as never))(
  'the night’s goal on two server processes of one PostgreSQL database',
  () => {
    const t = withStageApps('PostgreSQL', 2, { now: duringShow })

    test('twenty gifts at once on both processes pass the goal: its alert plays exactly once, on every reader', async () => {
      const [a, b] = t.apps as [StageApp, StageApp]
      const readers = [
        await openSse(`${a.url}${stageApi.events}`),
        await openSse(`${b.url}${stageApi.events}`),
      ]
      for (const reader of readers) await settled(reader, 1)
      const lines: string[] = []
      const out = {
        log: (line: string) => lines.push(line),
        error: (line: string) => lines.push(line),
      }
      const args = ['goal', 'set', '--boosts', '60', '--reward', reward]
      expect(await runAdmin(args, { db: t.db, clock: t.clock, out })).toBe(0)
      const codes = (await buyCodes(a, [['boosts-5', 20]])).map((code) => code.code)
      // Ten at each process, all at once: the total passes 60 somewhere in the middle.
      await Promise.all(codes.map((code, n) => redeemAt(n % 2 ? b : a, code)))
      for (const reader of readers) {
        await reader.waitFor((event) => event.event === 'gift', 20, 10_000)
        await reader.waitFor(isGoal, 1, 5000)
      }
      // Every gift's total is in; then no second alert came on either reader.
      for (const reader of readers) {
        await reader.waitFor(
          (event) =>
            event.event === 'total' && (event.data as { totalBoosts: number }).totalBoosts === 100,
          1,
          5000,
        )
        expect(reader.events.filter(isGoal)).toHaveLength(1)
        expect(reader.events.find(isGoal)?.data).toMatchObject({
          boosts: 60,
          level: 1,
          reached: true,
        })
      }
      const row = await t.db
        .selectFrom('show_goals')
        .select(['level', 'reached_level'])
        .where('show_id', '=', showId)
        .executeTakeFirstOrThrow()
      expect(row).toEqual({ level: 1, reached_level: 1 })
      for (const reader of readers) reader.close()
    })
  },
)
