/**
 * The server stops when asked, however stuck its mail server is: SIGTERM, and it exits within
 * 10 s with the mail still queued (start.ts gives a send in progress 4 s). The process takes about
 * 4.1 s, alone or beside three other browser files, so this file runs with them; the database's
 * deadline, with half a second to spare, runs alone (operations.test.ts).
 */
import { SMTPServer } from 'smtp-server'
import { describe, expect, test } from 'vitest'
import { createPostgresDatabase } from '#test/databases'
import { buyOverHttp } from '#test/http-store'
import { startServer, waitFor } from '#test/server'

describe('stopping', () => {
  test('SIGTERM behind a mail server that never answers: exits 0 within 10 s, the mail stays queued', async () => {
    let receiving = false
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream) {
        receiving = true
        stream.resume() // read the message, never answer it
      },
    })
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
    const smtpPort = (smtp.server.address() as { port: number }).port
    const database = await createPostgresDatabase('ops', { migrated: true })
    try {
      const server = await startServer({
        DATABASE_URL: database.url,
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        LOCAL_PAYMENT_DELAY_MS: '0',
      })
      await buyOverHttp(server.url, [['boosts-5', 1]], { email: 'fan@example.com' })
      await waitFor(async () => receiving, 'the mail send to start')

      const asked = Date.now()
      const exit = await server.stop()
      const took = Date.now() - asked
      expect(exit).toBe(0)
      expect(took).toBeLessThan(10_000)
      const mail = await database.query<{ sent_at: Date | null }>('select sent_at from mail_outbox')
      expect(mail).toEqual([{ sent_at: null }])
    } finally {
      smtp.close()
      await database.drop()
    }
  })
})
