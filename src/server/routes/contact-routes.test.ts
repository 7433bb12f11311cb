import { beforeEach, describe, expect, test } from 'vitest'
import { testDatabases } from '#test/databases'
import { describeWithRedis, withSharedRedis } from '#test/redis'
import { smtpMailer, startSmtp } from '#test/smtp'
import { testPublicUrl, withTestApp } from '#test/test-app'
import { contactRateLimitedMessage } from '../../core/contact/contact-texts'
import { toCount } from '../../core/db/schema'
import { sendDueMail } from '../../core/mail/outbox'
import { rateLimits } from '../../core/rate-limits'
import { siteConfig } from '../../shared/site-config'
import { buildApp } from '../app'

const valid = {
  name: 'Dana Joker',
  email: 'dana@example.com',
  message: "Loved Sunday's show!\nCan I get a spot at the open mic?",
}

const invalid: [string, object, string][] = [
  ['a missing name', { ...valid, name: undefined }, 'Please tell us your name.'],
  ['a blank name', { ...valid, name: '   ' }, 'Please tell us your name.'],
  [
    'a name of 101 characters',
    { ...valid, name: 'n'.repeat(101) },
    'Your name is too long (at most 100 characters).',
  ],
  ['a missing email', { ...valid, email: undefined }, 'Please enter a valid email address.'],
  [
    'an email without a domain',
    { ...valid, email: 'dana@example' },
    'Please enter a valid email address.',
  ],
  [
    'an email with a space',
    { ...valid, email: 'dana joker@example.com' },
    'Please enter a valid email address.',
  ],
  ['an empty message', { ...valid, message: '' }, 'Please write a message.'],
  [
    'a message of 5,001 characters',
    { ...valid, message: 'm'.repeat(5001) },
    'Your message is too long (at most 5,000 characters).',
  ],
  ['a message that is not text', { ...valid, message: 42 }, 'Please write a message.'],
  ['a body that is a list', [valid], 'Send your name, email address and message.'],
]

describe.each(testDatabases)('contact form on $name', (database) => {
  const t = withTestApp(database)
  // Every request comes from its own address unless a test says otherwise: the rate limit is per client.
  let client = 0
  const nextAddress = () => `203.0.113.${++client}`

  beforeEach(async () => {
    await t.db.deleteFrom('contact_messages').execute()
    await t.db.deleteFrom('mail_outbox').execute()
    t.mailer.sent.length = 0
    t.mailer.failWith = undefined
  })

  function post(body: unknown, remoteAddress = nextAddress(), app = t.app) {
    return app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    })
  }

  async function count(table: 'contact_messages' | 'mail_outbox') {
    const row = await t.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('count'))
      .executeTakeFirstOrThrow()
    return toCount(row.count)
  }

  test('a valid message is stored, one mail is queued to the contact address, and the worker is woken', async () => {
    const kicks = t.mailKicks.count
    const response = await post({ ...valid, name: '  Dana Joker ', website: '' })
    expect(response.statusCode).toBe(201)
    expect(response.json()).toEqual({ ok: true })

    const messages = await t.db.selectFrom('contact_messages').selectAll().execute()
    expect(messages).toHaveLength(1)
    expect(messages[0]).toMatchObject({
      name: 'Dana Joker',
      email: valid.email,
      message: valid.message,
    })
    expect(messages[0]?.client_hash).toMatch(/^[\w-]{22}$/)
    expect(messages[0]?.client_hash).not.toContain('203.0.113')

    const mails = await t.db.selectFrom('mail_outbox').selectAll().execute()
    expect(mails).toHaveLength(1)
    const mail = mails[0]
    expect(mail?.to_address).toBe(siteConfig.contactEmail)
    expect(mail?.subject).toBe('Contact form: Dana Joker')
    expect(mail?.text_body).toContain(`Reply to: ${valid.email}`)
    expect(mail?.reply_to).toBe(valid.email)
    expect(mail?.text_body).toContain(valid.message)
    expect(mail?.text_body).toContain(testPublicUrl)
    expect(t.mailKicks.count).toBe(kicks + 1)
  })

  test('C1 controls and direction overrides are taken out of the name and the message before they are kept or mailed', async () => {
    const response = await post({
      ...valid,
      name: 'Dana\u202e reklaw\u009b',
      message: 'Hello\u2066 there\u0085,\nline two',
    })
    expect(response.statusCode).toBe(201)
    const [message] = await t.db.selectFrom('contact_messages').selectAll().execute()
    expect(message).toMatchObject({ name: 'Dana reklaw', message: 'Hello there,\nline two' })
    const [mail] = await t.db.selectFrom('mail_outbox').selectAll().execute()
    expect(mail?.subject).toBe('Contact form: Dana reklaw')
    expect(mail?.text_body).not.toMatch(/[\u0080-\u009f\u202a-\u202e\u2066-\u2069]/)
  })

  test("the host's Reply reaches the fan: the sent mail's Reply-To is the address they gave", async () => {
    expect((await post(valid)).statusCode).toBe(201)
    const smtp = await startSmtp()
    try {
      const outcome = await sendDueMail(t.db, smtpMailer(smtp.port), t.clock)
      expect(outcome).toEqual({ sent: 1, failed: 0 })
      const raw = smtp.received[0]?.raw ?? ''
      expect(raw).toMatch(new RegExp(`^Reply-To: ${valid.email}\\r?$`, 'im'))
      expect(smtp.received[0]?.to).toEqual([siteConfig.contactEmail])
    } finally {
      await smtp.stop()
    }
  })

  test('with CONTACT_TO set, the mail goes there', async () => {
    const app = await buildApp({
      ...t.deps,
      config: { ...t.deps.config, contactTo: 'shows@example.org' },
    })
    try {
      expect((await post(valid, nextAddress(), app)).statusCode).toBe(201)
      const mail = await t.db.selectFrom('mail_outbox').selectAll().executeTakeFirstOrThrow()
      expect(mail.to_address).toBe('shows@example.org')
    } finally {
      await app.close()
    }
  })

  test.each(invalid)(
    '%s is refused with a 400 naming the field, and nothing is stored',
    async (_what, body, message) => {
      const response = await post(body)
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({ message })
      expect(await count('contact_messages')).toBe(0)
      expect(await count('mail_outbox')).toBe(0)
    },
  )

  test('a body that is not JSON is a 400 with a sentence', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: nextAddress(),
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ message: 'The request body is not valid JSON.' })
  })

  test('a filled-in honeypot looks like success but stores and mails nothing', async () => {
    const response = await post({ ...valid, website: 'http://spam.example' })
    expect(response.statusCode).toBe(201)
    expect(response.json()).toEqual({ ok: true })
    // Even a bot's otherwise broken form gets the same answer.
    expect((await post({ website: 'x' })).statusCode).toBe(201)
    expect(await count('contact_messages')).toBe(0)
    expect(await count('mail_outbox')).toBe(0)
  })

  test('one client gets a 429 after the limit, others still get through', async () => {
    const address = nextAddress()
    for (let i = 0; i < rateLimits.contact.max; i++) {
      expect((await post(valid, address)).statusCode).toBe(201)
    }
    const refused = await post(valid, address)
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toEqual({ message: contactRateLimitedMessage })
    expect(contactRateLimitedMessage).toBe(
      `Too many messages from your connection. Please wait a few minutes, or write to ${siteConfig.contactEmail} directly.`,
    )
    expect(refused.headers['retry-after']).toBeDefined()
    expect(await count('contact_messages')).toBe(rateLimits.contact.max)
    expect((await post(valid)).statusCode).toBe(201)
  })

  test('when the mail server fails, the message is kept and the mail is sent on a later try', async () => {
    t.mailer.failWith = new Error('connect ECONNREFUSED 127.0.0.1:25')
    expect((await post(valid)).statusCode).toBe(201)

    expect(await sendDueMail(t.db, t.mailer, t.clock)).toEqual({ sent: 0, failed: 1 })
    expect(await count('contact_messages')).toBe(1)
    const waiting = await t.db.selectFrom('mail_outbox').selectAll().executeTakeFirstOrThrow()
    expect(waiting.sent_at).toBeNull()
    expect(waiting.last_error).toContain('ECONNREFUSED')

    t.mailer.failWith = undefined
    t.clock.advance(60 * 60 * 1000)
    expect(await sendDueMail(t.db, t.mailer, t.clock)).toEqual({ sent: 1, failed: 0 })
    expect(t.mailer.sent).toHaveLength(1)
    expect(t.mailer.sent[0]?.text).toContain(valid.message)
    expect(await count('contact_messages')).toBe(1)
  })
})

describeWithRedis('contact form with Redis', () => {
  const shared = withSharedRedis()

  test('the per-client limit holds across processes sharing Redis', async () => {
    const [one, two] = await shared.apps(2)
    const statuses: number[] = []
    for (let i = 0; i <= rateLimits.contact.max; i++) {
      const response = await (i % 2 === 0 ? one : two)?.app.inject({
        method: 'POST',
        url: '/api/contact',
        remoteAddress: '198.51.100.77',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(valid),
      })
      statuses.push(response?.statusCode ?? 0)
    }
    expect(statuses).toEqual([...Array(rateLimits.contact.max).fill(201), 429])
  })
})
