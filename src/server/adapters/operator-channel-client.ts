import fs from 'node:fs'
import net from 'node:net'
import type { z } from 'zod'
import { Refusal } from '../../core/refusal'
import type { RefusalAdvice } from '../../shared/answers'
import type { OperatorActionName, OperatorCall, OperatorResult } from '../../shared/operator'
import { AnswerSchema, type ChannelAnswer, TokenFileSchema, tokenPathOf } from './operator-channel'

/**
 * The channel of the server holding `dataDir`, as an OperatorCall; undefined when there is none
 * to use: no token file (no server, or PostgreSQL), one this user cannot read, a socket not owned
 * like it, or a socket that does not answer within `connectTimeoutMs` (a server that crashed).
 */
export async function connectOperatorChannel(
  dataDir: string,
  options: { who: string; connectTimeoutMs?: number },
): Promise<(OperatorCall & { server: ServerCall }) | undefined> {
  const found = readTokenFile(dataDir)
  if (!found) return undefined
  const { socket: socketPath, token } = found
  const timeoutMs = options.connectTimeoutMs ?? 1_000
  const probe = await connect(socketPath, timeoutMs).catch(() => undefined)
  if (!probe) return undefined
  probe.destroy()
  const call = async (action: string, input: unknown): Promise<unknown> => {
    const line = JSON.stringify({ token, action, input, who: options.who })
    const answer = await ask(await connect(socketPath, timeoutMs), line, action)
    if (answer.ok) return answer.result
    if ('refusal' in answer) throw fromTheWire(answer.refusal)
    throw new Error(`The server could not do ${action}: ${answer.error} (its log says why).`)
  }
  // The result's shape is the action's (src/shared/operator.ts), answered by this same code.
  return Object.assign(
    async (action: OperatorActionName, input: unknown) =>
      (await call(action, input)) as OperatorResult<typeof action>,
    { server: call },
  ) as OperatorCall & { server: ServerCall }
}

/** One of the server's own actions on its channel (operator-channel.ts, `serverActions`). */
export type ServerCall = (action: string, input: unknown) => Promise<unknown>

/** What a wire refusal stands for, as a Refusal again (the client's side). */
function fromTheWire(refusal: { message: string; notFound?: boolean; advice?: RefusalAdvice }) {
  const { message, notFound, advice } = refusal
  return new Refusal(notFound ? 'not-found' : 'invalid', message, { advice })
}

/**
 * What the token file says, if this user may read it and both it and the socket are this user's
 * own: a socket another user put where the token file points would receive the token.
 */
export function readTokenFile(
  dataDir: string,
  userId = process.getuid?.(),
): z.infer<typeof TokenFileSchema> | undefined {
  const tokenPath = tokenPathOf(dataDir)
  try {
    const found = TokenFileSchema.safeParse(JSON.parse(fs.readFileSync(tokenPath, 'utf8'))).data
    const socket = found && fs.lstatSync(found.socket)
    const tokenOwner = fs.statSync(tokenPath).uid
    if (!socket?.isSocket() || socket.uid !== tokenOwner) return undefined
    if (userId !== undefined && tokenOwner !== userId) return undefined
    return found
  } catch {
    return undefined
  }
}

function connect(socketPath: string, timeoutMs: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath)
    const timer = setTimeout(() => {
      socket.destroy()
      reject(new Error(`the server's local channel did not answer within ${timeoutMs} ms`))
    }, timeoutMs)
    const failed = (error: Error) => {
      clearTimeout(timer)
      reject(error)
    }
    socket.once('error', failed)
    socket.once('connect', () => {
      clearTimeout(timer)
      socket.off('error', failed)
      resolve(socket)
    })
  })
}

/** Sends one request line and reads its one answer line. */
function ask(socket: net.Socket, line: string, action: string): Promise<ChannelAnswer> {
  return new Promise((resolve, reject) => {
    let received = ''
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => {
      received += chunk
      const end = received.indexOf('\n')
      if (end === -1) return
      socket.destroy()
      try {
        resolve(AnswerSchema.parse(JSON.parse(received.slice(0, end))))
      } catch (error) {
        reject(error)
      }
    })
    socket.on('close', () =>
      reject(
        new Error(
          `The server closed its local channel before answering ${action}: check whether it was done before running it again.`,
        ),
      ),
    )
    socket.on('error', () => {})
    socket.write(`${line}\n`)
  })
}
