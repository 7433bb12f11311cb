import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ManualClock } from '#test/clock'
import { type OpenTestDatabase, testDatabases } from '#test/databases'
import { insertMembership } from '#test/memberships'
import { consoleAudience } from '../console/console-sign-in'
import { memberAudience } from '../memberships/member-sign-in'
import { comicAudience } from '../settlements/comic-sign-in'
import { answerSignInRequests, recordSignInRequest, type SignInAnswering } from './requests'

const answering: SignInAnswering = {
  publicUrl: 'https://club.example',
  audiences: {
    console: consoleAudience(['host@example.com']),
    member: memberAudience,
    comic: comicAudience,
  },
}

describe.each(testDatabases)('sign-in link requests on $name', (database) => {
  let opened: OpenTestDatabase

  beforeAll(async () => {
    opened = await database.open()
  })
  afterAll(async () => {
    await opened?.close()
  })

  async function mails() {
    const rows = await opened.db
      .selectFrom('mail_outbox')
      .select(['to_address', 'subject', 'text_body', 'dedupe_key'])
      .orderBy('id')
      .execute()
    return rows
  }

  test('two workers at once answer each request once: a link for who may sign in, nothing for anyone else, no address left behind', async () => {
    const clock = new ManualClock('2026-11-22T18:00:00Z')
    await insertMembership(opened.db, { id: 'mem_requests', email: 'fan@example.com' })
    await recordSignInRequest(opened.db, 'console', ' Host@Example.com ', clock.now())
    await recordSignInRequest(opened.db, 'console', 'fan@example.com', clock.now())
    await recordSignInRequest(opened.db, 'member', 'fan@example.com', clock.now())
    await recordSignInRequest(opened.db, 'member', 'host@example.com', clock.now())

    const [a, b] = await Promise.all([
      answerSignInRequests(opened.db, clock, answering, { batchSize: 10 }),
      answerSignInRequests(opened.db, clock, answering, { batchSize: 10 }),
    ])
    expect((a ?? 0) + (b ?? 0)).toBe(4)
    const sent = await mails()
    expect(sent.map((mail) => [mail.to_address, mail.dedupe_key.split(':')[0]])).toEqual(
      expect.arrayContaining([
        ['host@example.com', 'console-link'],
        ['fan@example.com', 'member-link'],
      ]),
    )
    expect(sent).toHaveLength(2)
    const host = sent.find((mail) => mail.to_address === 'host@example.com')
    expect(host?.text_body).toMatch(/https:\/\/club\.example\/admin\/sign-in#[\w-]{43}/)
    expect(host?.text_body).toContain('it works once, for 15 minutes')
    const fan = sent.find((mail) => mail.to_address === 'fan@example.com')
    expect(fan?.text_body).toMatch(/https:\/\/club\.example\/membership\/sign-in#[\w-]{43}/)
    expect(await opened.db.selectFrom('sign_in_requests').selectAll().execute()).toEqual([])
    const links = await opened.db
      .selectFrom('console_links')
      .select(['email', 'audience'])
      .execute()
    expect(links).toEqual(
      expect.arrayContaining([
        { email: 'host@example.com', audience: 'console' },
        { email: 'fan@example.com', audience: 'member' },
      ]),
    )
    expect(links).toHaveLength(2)
  })
})
