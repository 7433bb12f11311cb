import { describe, expect, test } from 'vitest'
import { ConfigError, isLoopback, loadConfig, startupWarnings } from './config'

const stripe = { STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }
const smtp = { SMTP_URL: 'smtp://mail.example.com:587' }

describe('the test checkout never serves a public address by accident', () => {
  test.each([
    'https://punchlinevr.club',
    'http://203.0.113.5:3000',
    'http://[2001:db8::1]:3000',
    'http://localhost.example.com',
  ])(
    'PUBLIC_URL=%s without a Stripe key refuses to start, naming PAYMENTS and STRIPE_SECRET_KEY',
    (url) => {
      let error: unknown
      try {
        loadConfig({ PUBLIC_URL: url })
      } catch (caught) {
        error = caught
      }
      expect(error).toBeInstanceOf(ConfigError)
      const message = (error as Error).message
      expect(message.split('\n')).toHaveLength(1)
      expect(message).toContain('PAYMENTS=stripe')
      expect(message).toContain('STRIPE_SECRET_KEY')
      expect(message).toContain('ALLOW_TEST_CHECKOUT=true')
    },
  )

  test('PUBLIC_URL unset while listening on every interface is public too', () => {
    expect(() => loadConfig({ HOST: '0.0.0.0' })).toThrow(/STRIPE_SECRET_KEY/)
    expect(() => loadConfig({ HOST: '::' })).toThrow(/STRIPE_SECRET_KEY/)
  })

  test.each([
    {},
    { PUBLIC_URL: 'http://localhost:3000' },
    { PUBLIC_URL: 'http://127.0.0.1:8080' },
    { PUBLIC_URL: 'http://127.5.6.7' },
    { PUBLIC_URL: 'http://[::1]:3000' },
    { HOST: '::1', PUBLIC_URL: 'http://localhost:3000' },
  ])('a loopback address runs the test checkout without a banner: %o', (env) => {
    const config = loadConfig(env)
    expect(config.payments).toBe('local')
    expect(config.testModeBanner).toBe(false)
  })

  test.each([
    // The deploy guide's proxy set-up with PUBLIC_URL and the Stripe keys forgotten: the proxy
    // makes a loopback server public.
    { HOST: '127.0.0.1', TRUST_PROXY_HOPS: '1' },
    { HOST: '127.0.0.1', TRUST_PROXY_HOPS: '2', PUBLIC_URL: 'http://localhost:3000' },
    // A container on a laptop listens everywhere: whoever reaches the machine reaches it.
    { HOST: '0.0.0.0', PUBLIC_URL: 'http://localhost:3000' },
    { HOST: '::', PUBLIC_URL: 'http://127.0.0.1:3000' },
  ])(
    'reachable from beyond this machine, the test checkout needs ALLOW_TEST_CHECKOUT=true: %o',
    (env) => {
      expect(() => loadConfig(env)).toThrow(/ALLOW_TEST_CHECKOUT=true/)
      const allowed = loadConfig({ ...env, ALLOW_TEST_CHECKOUT: 'true' })
      expect(allowed.payments).toBe('local')
      expect(allowed.testModeBanner).toBe(true)
    },
  )

  test('ALLOW_TEST_CHECKOUT=true lets a public test site run, with the banner on', () => {
    const config = loadConfig({
      PUBLIC_URL: 'https://staging.example.com',
      ALLOW_TEST_CHECKOUT: 'true',
    })
    expect(config.payments).toBe('local')
    expect(config.testModeBanner).toBe(true)
    expect(startupWarnings(config).join('\n')).toContain('test mode: no real payments')
    expect(() =>
      loadConfig({ PUBLIC_URL: 'https://staging.example.com', ALLOW_TEST_CHECKOUT: 'false' }),
    ).toThrow(ConfigError)
    expect(() => loadConfig({ ALLOW_TEST_CHECKOUT: 'yes' })).toThrow(/ALLOW_TEST_CHECKOUT/)
  })

  test('with Stripe, a public address needs nothing more and shows no banner', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://punchlinevr.club', ...stripe, ...smtp })
    expect(config.payments).toBe('stripe')
    expect(config.testModeBanner).toBe(false)
    expect(startupWarnings(config)).toEqual([])
  })

  test('PAYMENTS=local on a public address is refused like a missing key', () => {
    expect(() =>
      loadConfig({ PUBLIC_URL: 'https://punchlinevr.club', PAYMENTS: 'local', ...stripe }),
    ).toThrow(/PAYMENTS=stripe/)
  })
})

describe('start-up warnings', () => {
  test('PUBLIC_URL unset on a public interface: links would point at localhost', () => {
    const warnings = startupWarnings(loadConfig({ HOST: '0.0.0.0', ...stripe, ...smtp }))
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatch(/^warning: PUBLIC_URL is not set.*http:\/\/localhost:3000/)
  })

  test('mail to files only', () => {
    const warnings = startupWarnings(loadConfig({}))
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatch(/^warning: SMTP_URL is not set/)
    expect(startupWarnings(loadConfig({ ...smtp }))).toEqual([])
  })
})

test('loopback addresses', () => {
  for (const host of ['localhost', 'LOCALHOST', '127.0.0.1', '127.255.0.9', '::1', '[::1]']) {
    expect(isLoopback(host)).toBe(true)
  }
  for (const host of [
    '0.0.0.0',
    '::',
    '10.0.0.1',
    '128.0.0.1',
    'localhost.example.com',
    '127.0.0.1.nip.io',
  ]) {
    expect(isLoopback(host)).toBe(false)
  }
})

test('LOG_FORMAT is json unless pretty is asked for or stdout is a terminal; anything else is refused', () => {
  expect(loadConfig({}).logFormat).toBe('json')
  expect(loadConfig({}, true).logFormat).toBe('pretty')
  expect(loadConfig({ LOG_FORMAT: 'json' }, true).logFormat).toBe('json')
  expect(loadConfig({ LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty')
  expect(() => loadConfig({ LOG_FORMAT: 'colourful' })).toThrow(/LOG_FORMAT/)
})

test('BACKUP_EVERY schedules backups (30m, 24h, 7d) kept BACKUP_KEEP deep; unset: none; nonsense refused', () => {
  expect(loadConfig({}).backup).toBeUndefined()
  expect(loadConfig({ BACKUP_EVERY: '24h' }).backup).toEqual({ everyMs: 86_400_000, keep: 14 })
  expect(loadConfig({ BACKUP_EVERY: '30m', BACKUP_KEEP: '3' }).backup).toEqual({
    everyMs: 1_800_000,
    keep: 3,
  })
  expect(loadConfig({ BACKUP_EVERY: '7d' }).backup?.everyMs).toBe(7 * 86_400_000)
  for (const bad of ['0h', '24', 'daily', '1w', '-1h']) {
    expect(() => loadConfig({ BACKUP_EVERY: bad })).toThrow(/BACKUP_EVERY/)
  }
  expect(() => loadConfig({ BACKUP_EVERY: '1d', BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP/)
})

describe('ADMIN_EMAILS', () => {
  test('comma-separated addresses, trimmed, lower-cased, once each; unset or empty: nobody', () => {
    expect(
      loadConfig({ ADMIN_EMAILS: ' Host@Example.com, cohost@example.com ,,HOST@example.com' })
        .adminEmails,
    ).toEqual(['host@example.com', 'cohost@example.com'])
    expect(loadConfig({}).adminEmails).toEqual([])
    expect(loadConfig({ ADMIN_EMAILS: '' }).adminEmails).toEqual([])
    expect(loadConfig({ ADMIN_EMAILS: ' , ' }).adminEmails).toEqual([])
  })

  test.each([
    ['host@example.com, cohost', '"cohost"'],
    ['host@example.com;cohost@example.com', '"host@example.com;cohost@example.com"'],
    ['host @example.com', '"host @example.com"'],
    ['host@example.com,new\nline@example.com', '"new\\nline@example.com"'],
  ])('a bad address stops start-up with one line naming it: %j', (value, named) => {
    let error: unknown
    try {
      loadConfig({ ADMIN_EMAILS: value })
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(ConfigError)
    const message = (error as Error).message
    expect(message.split('\n')).toHaveLength(1)
    expect(message).toMatch(/^Invalid ADMIN_EMAILS: /)
    expect(message).toContain(`${named} is not a whole address`)
  })
})

describe('MEMBERSHIPS', () => {
  test('closed unless set to open', () => {
    expect(loadConfig({}).memberships).toBe('closed')
    expect(loadConfig({ MEMBERSHIPS: '' }).memberships).toBe('closed')
    expect(loadConfig({ MEMBERSHIPS: 'closed' }).memberships).toBe('closed')
    expect(loadConfig({ MEMBERSHIPS: 'open' }).memberships).toBe('open')
  })

  test.each(['yes', 'OPEN', 'true'])('%s stops start-up with one line naming it', (value) => {
    let error: unknown
    try {
      loadConfig({ MEMBERSHIPS: value })
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(ConfigError)
    const message = (error as Error).message
    expect(message.split('\n')).toHaveLength(1)
    expect(message).toBe('Invalid MEMBERSHIPS: must be open or closed')
  })
})

describe('VRCHAT_WORLD_ID', () => {
  test('unset or empty: no world; a world id as VRChat shows it is kept', () => {
    expect(loadConfig({}).worldId).toBeUndefined()
    expect(loadConfig({ VRCHAT_WORLD_ID: '' }).worldId).toBeUndefined()
    const id = 'wrld_4cf4f6a0-3c3b-4b6e-9d3c-6b1a0c2f9e11'
    expect(loadConfig({ VRCHAT_WORLD_ID: id }).worldId).toBe(id)
  })

  test.each([
    '4cf4f6a0-3c3b-4b6e-9d3c-6b1a0c2f9e11',
    'wrld_x',
    'https://vrchat.com/home/world/wrld_1',
  ])('%s stops start-up with one line naming it', (value) => {
    expect(() => loadConfig({ VRCHAT_WORLD_ID: value })).toThrow(
      'Invalid VRCHAT_WORLD_ID: must be a world id as VRChat shows it: wrld_ and 36 characters',
    )
  })
})
