// A real SMTP server on a loopback port for the mail tests.
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import type { Mailer } from '../../src/core/mail/mail-message'
import { createMailer } from '../../src/server/adapters/mailer'

export interface Received {
  from: string | undefined
  to: string[]
  raw: string
}

/** How the server refuses one recipient at RCPT TO, e.g. 550 and "5.1.1 <...>: Unknown user". */
export interface Rejection {
  responseCode: number
  message: string
}

/**
 * A real SMTP server on a loopback port, keeping every message it accepts; `rejects` refuses the
 * recipients it names, as a real server refuses an unknown or full mailbox.
 */
export async function startSmtp(
  port = 0,
  rejects: Record<string, Rejection> = {},
): Promise<{ port: number; received: Received[]; stop(): Promise<void> }> {
  const received: Received[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const rejection = rejects[address.address]
      if (!rejection) return callback()
      callback(
        Object.assign(new Error(rejection.message), { responseCode: rejection.responseCode }),
      )
    },
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
