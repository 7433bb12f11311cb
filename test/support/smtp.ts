import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import type { Mailer } from '../../src/core/mail/mail-message'
import { createMailer } from '../../src/server/adapters/mailer'

export interface Received {
  from: string | undefined
  to: string[]
  raw: string
}

/** A real SMTP server on a loopback port, keeping every message it accepts. */
export async function startSmtp(
  port = 0,
): Promise<{ port: number; received: Received[]; stop(): Promise<void> }> {
  const received: Received[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
  const address = server.server.address() as AddressInfo
  return {
    port: address.port,
    received,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** The server's own SMTP mailer, pointed at a local port. */
export function smtpMailer(port: number, from = 'Punchline VR <codes@punchlinevr.club>'): Mailer {
  return createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from, mailDir: 'unused' })
}
