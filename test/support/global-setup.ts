// Vitest's globalSetup: the run's services, started once however many projects ask. PostgreSQL and
// Redis must answer in CI; elsewhere, without them, their suites are skipped and said so. Both
// databases are migrated once (databases.ts); a browser run gets a current build.
import { execFileSync } from 'node:child_process'
import type { TestProject } from 'vitest/node'
import { buildIsStale } from '../../scripts/build-freshness'
import { openRedis, redisReady } from '../../src/server/adapters/redis'
import { adminQuery, migrateOnce, postgresAdminUrl } from './databases'

type Stop = () => Promise<void>
interface Run {
  users: number
  services: Promise<Stop>
  built?: Promise<void>
}
// Vitest loads this file once per project, each a module of its own: the run is kept globally.
const runKey = Symbol.for('punchline.test-run')
const shared = globalThis as typeof globalThis & { [runKey]?: Run }

export default async function setup(project: TestProject): Promise<Stop> {
  shared[runKey] ??= { users: 0, services: startServices() }
  const run = shared[runKey]
  run.users++
  await run.services
  if (project.name === 'browser') {
    run.built ??= buildIfStale()
    await run.built
  }
  return async () => {
    if (--run.users > 0) return
    delete shared[runKey]
    await (await run.services)()
  }
}

async function startServices(): Promise<Stop> {
  // TEST_POSTGRES=off runs the server suites on the embedded database alone (CI's Node 24 pass).
  const [postgres, redis] = await Promise.all([
    process.env.TEST_POSTGRES !== 'off' &&
      adminQuery('select 1').then(
        () => true,
        () => false,
      ),
    redisAnswers(),
  ])
  for (const [up, what, variable, advice] of [
    [
      postgres,
      `PostgreSQL at ${postgresAdminUrl()}`,
      'TEST_POSTGRES',
      'start PostgreSQL or set TEST_DATABASE_URL',
    ],
    [redis, `Redis at ${testRedisUrl}`, 'TEST_REDIS', 'start redis-server or set TEST_REDIS_URL'],
  ] as const) {
    if (up || process.env[variable] === 'off') continue
    if (process.env.CI === 'true') throw new Error(`CI=true and nothing answered: ${what}`)
    console.log(`Nothing answered: ${what}. The suites that need it are skipped (${advice}).`)
    process.env[variable] = 'off'
  }
  return migrateOnce(postgres)
}

/** The machine's Redis unless TEST_REDIS_URL names another; the workers inherit it. */
process.env.TEST_REDIS_URL ||= 'redis://127.0.0.1:6379'
const testRedisUrl = process.env.TEST_REDIS_URL

async function redisAnswers(): Promise<boolean> {
  const redis = openRedis(testRedisUrl, () => {})
  try {
    return await redisReady(redis, 2000)
  } finally {
    redis.disconnect()
  }
}

/** The browser files serve the build, as `npm start` does: made first when older than the sources. */
async function buildIfStale(): Promise<void> {
  if (buildIsStale()) {
    console.log('The build is older than the sources: building before the browser tests')
    // As `npm run build` runs it, not in Vitest's NODE_ENV=test (a development build).
    const env = Object.fromEntries(
      Object.entries(process.env).filter(
        ([name]) => name !== 'NODE_ENV' && !name.startsWith('VITEST'),
      ),
    )
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], {
      stdio: 'inherit',
      env,
    })
  }
}
