import { describe, expect, test } from 'vitest'
import { addComicWithPayout, mailedComicTokens } from '#test/comic-statement'
import { mailedSignInTokens } from '#test/console'
import { testDatabases } from '#test/databases'
import { addMembership, mailedMemberTokens } from '#test/member-page'
import { type TestContext, withTestApp } from '#test/test-app'
import { rateLimits } from '../../core/rate-limits'
import { comicStatementApi, comicStatementTexts } from '../../shared/comic-statement'
import { consoleApi, consoleMessages } from '../../shared/console'
import { memberApi, memberPageTexts } from '../../shared/member-page'

// Five requests naming an address, from anywhere, used to keep its owner from signing
// in for an hour. Now an address's requests count per client network first, and overall after.

/** Each audience's door as a client sees it, and who owns an address there. */
const doors = [
  {
    name: 'console',
    signIn: consoleApi.signIn,
    tooMany: consoleMessages.tooManySignIns,
    perNetwork: rateLimits.consoleSignInPerAddressNetwork.max,
    overall: rateLimits.consoleSignInPerAddress.max,
    owner: async (_t: TestContext, test: number) => `limits.host${test}@example.com`,
    mailed: mailedSignInTokens,
  },
  {
    name: 'member page',
    signIn: memberApi.signIn,
    tooMany: memberPageTexts.tooManySignIns,
    perNetwork: rateLimits.memberSignInPerAddressNetwork.max,
    overall: rateLimits.memberSignInPerAddress.max,
    owner: async (t: TestContext, _test: number) =>
      (await addMembership(t.db, t.clock.now())).email,
    mailed: mailedMemberTokens,
  },
  {
    name: 'statement',
    signIn: comicStatementApi.signIn,
    tooMany: comicStatementTexts.tooManySignIns,
    perNetwork: rateLimits.comicSignInPerAddressNetwork.max,
    overall: rateLimits.comicSignInPerAddress.max,
    owner: async (t: TestContext, test: number) =>
      (await addComicWithPayout(t.db, `Limits Comic ${test}`, `limits.comic${test}@example.com`))
        .payout_email ?? '',
    mailed: mailedComicTokens,
  },
]

describe.each(testDatabases)('sign-in limits per address on $name', (database) => {
  // The store's own limits, not the test apps' raised ones.
  const t = withTestApp(database, {
    now: '2026-11-22T18:00:00Z',
    adminEmails: ['limits.host1@example.com', 'limits.host2@example.com'],
    memberships: 'open',
    trustProxyHops: 1,
    rateLimitMax: {},
  })
  const ask = (url: string, email: string, client: string) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'x-forwarded-for': client },
      payload: { email },
    })

  test.each(doors)(
    "$name: a stranger's network that used up its share does not stop the owner's network",
    async (door) => {
      const owner = await door.owner(t, 1)
      // One home's IPv6 addresses are one network, however many of its /64 it uses.
      const strangers = Array.from(
        { length: door.perNetwork + 1 },
        (_, i) => `2001:db8:1:2::${i + 1}`,
      )
      const answers = []
      for (const client of strangers) answers.push(await ask(door.signIn, owner, client))
      expect(answers.map((answer) => answer.statusCode)).toEqual([
        ...Array(door.perNetwork).fill(200),
        429,
      ])
      const refused = answers.at(-1)
      expect(refused?.json()).toEqual({ message: door.tooMany })
      expect(refused?.headers['retry-after']).toBe('3600')

      // The stranger's requests were links to the owner's inbox; the owner's own comes after.
      const mailed = async () => (await door.mailed(t.db, owner)).length
      await expect.poll(mailed).toBe(door.perNetwork)
      expect((await ask(door.signIn, owner, '203.0.113.50')).statusCode).toBe(200)
      await expect.poll(mailed).toBe(door.perNetwork + 1)
    },
  )

  test.each(doors)(
    '$name: from every network together, an address is still capped',
    async (door) => {
      const owner = await door.owner(t, 2)
      const networks = door.overall / door.perNetwork
      for (let network = 1; network <= networks; network++) {
        for (let i = 0; i < door.perNetwork; i++) {
          const answer = await ask(door.signIn, owner, `198.51.100.${network}`)
          expect(answer.statusCode, `network ${network}, request ${i + 1}`).toBe(200)
        }
      }
      const capped = await ask(door.signIn, owner, '192.0.2.200')
      expect(capped.statusCode).toBe(429)
      expect(capped.json()).toEqual({ message: door.tooMany })
      // Another address is another count.
      expect((await ask(door.signIn, `other.${owner}`, '192.0.2.200')).statusCode).toBe(200)
    },
  )
})
