import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { z } from 'zod'
import type { Actor } from '../../core/operator/audit'
import { channelTexts, operatorTexts } from '../../core/operator/operator-texts'
import type { OperatorDeps } from '../../core/operator/operator-types'
import { isOperatorActionName, runOperatorAction } from '../../core/operator/run-action'
import { Refusal } from '../../core/refusal'
import { refusalAdvice } from '../../shared/answers'
import { hasControlCharacters, stripHiddenFormatting } from '../../shared/text'

/**
 * The local channel from `npm run admin` to a server that holds the embedded database
 * (docs/decisions/015-operator-channel.md): a Unix socket only the data folder's owner can open,
 * and a token in a file beside it that only they can read. One JSON request per line,
 * `{ token, action, input, who }`, one JSON answer per line.
 */

const maxLineBytes = 1024 * 1024
const maxConnections = 16
/** A connection that sends nothing for this long is closed (never while its action runs). */
const idleMs = 30_000
/** sun_path holds 108 bytes on Linux and 104 on macOS, each with its final NUL. */
const maxSocketPathBytes = 103

/** DATA_DIR/admin.token: where the socket is, and the token every request carries. */
export const TokenFileSchema = z.object({ socket: z.string().min(1), token: z.string().min(32) })
const RequestSchema = z.object({
  action: z.string().max(100),
  input: z.unknown(),
  /** The machine user running the command, as the audit log names them. */
  who: z
    .string()
    .min(1)
    .max(64)
    .refine((who) => !hasControlCharacters(who))
    .transform(stripHiddenFormatting),
})
export const AnswerSchema = z.union([
  z.object({ ok: z.literal(true), result: z.unknown() }),
  z.object({
    ok: z.literal(false),
    refusal: z.object({
      message: z.string(),
      notFound: z.boolean().optional(),
      advice: z.enum(refusalAdvice).optional(),
    }),
  }),
  z.object({ ok: z.literal(false), error: z.string() }),
])
/** `{ ok: true, result }`, a refusal for a person, or `{ ok: false, error: 'Internal error' }`. */
export type ChannelAnswer = z.infer<typeof AnswerSchema>

export interface ChannelLog {
  info(line: string): void
  warn(line: string): void
  error(line: string, error: unknown): void
}

export interface OperatorChannel {
  socketPath: string
  tokenPath: string
  /** Takes no new connection, lets actions under way answer, then removes both files. */
  close(): Promise<void>
}

export function tokenPathOf(dataDir: string): string {
  return path.join(dataDir, 'admin.token')
}

/** DATA_DIR/admin.sock, or for a deep DATA_DIR a path under this user's own temp folder. */
export function socketPathOf(dataDir: string): string {
  const inFolder = path.join(dataDir, 'admin.sock')
  if (Buffer.byteLength(inFolder) <= maxSocketPathBytes) return inFolder
  // Too long for a Unix socket: the socket goes to a folder only this user may enter, named after
  // a hash of DATA_DIR, and the token file (always in DATA_DIR) says where it is.
  const digest = createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 16)
  return path.join(privateTempFolder(), `admin-${digest}.sock`)
}

/** os.tmpdir()/punchline-UID, mode 0700, made if missing; refused if anyone else could enter it. */
function privateTempFolder(): string {
  const uid = process.getuid?.() ?? 0
  const folder = path.join(os.tmpdir(), `punchline-${uid}`)
  fs.mkdirSync(folder, { mode: 0o700, recursive: true })
  const stat = fs.lstatSync(folder)
  if (!stat.isDirectory() || stat.uid !== uid || (stat.mode & 0o077) !== 0) {
    throw new Error(`${folder} is not this user's own folder (mode 0700): move it away`)
  }
  return folder
}

/**
 * Listens on the local channel and runs each request's action with `deps` (the server's own
 * database, clock, payment provider, mail worker and console settings). Call it while holding
 * the data folder's lock: a socket file already there is a crashed server's, and is replaced.
 */
export async function startOperatorChannel(options: {
  dataDir: string
  deps: OperatorDeps
  log: ChannelLog
  /** The server's own actions, on this channel alone (not the console's): `data.backup`. */
  serverActions?: Record<string, (input: unknown) => Promise<unknown>>
}): Promise<OperatorChannel> {
  const { deps, log } = options
  const socketPath = socketPathOf(options.dataDir)
  const tokenPath = tokenPathOf(options.dataDir)
  const token = randomBytes(32).toString('base64url')
  const tokenFile = `${JSON.stringify({ socket: socketPath, token, pid: process.pid })}\n`
  const idle = new Set<net.Socket>()
  let closing = false

  const answer = async (line: Buffer): Promise<{ answer: ChannelAnswer; hangUp?: boolean }> => {
    const refuse = (message: string, hangUp = true) => ({
      answer: { ok: false as const, refusal: { message } },
      hangUp,
    })
    let raw: unknown
    try {
      raw = JSON.parse(line.toString('utf8'))
    } catch {
      log.warn('operator channel: refused a line that is not JSON')
      return refuse(channelTexts.notJson)
    }
    const given = z.object({ token: z.string() }).safeParse(raw).data?.token
    if (!given || !sameToken(given, token)) {
      log.warn(`operator channel: refused a request with ${given ? 'a wrong' : 'no'} token`)
      return refuse(channelTexts.badToken(tokenPath))
    }
    const request = RequestSchema.safeParse(raw)
    if (!request.success) {
      log.warn('operator channel: refused a request without action, input and who')
      return refuse(channelTexts.notARequest)
    }
    const { action, input, who } = request.data
    const actor: Actor = { who, via: 'cli' }
    const run = Object.hasOwn(options.serverActions ?? {}, action)
      ? options.serverActions?.[action]
      : isOperatorActionName(action)
        ? () => runOperatorAction(deps, actor, action, input)
        : undefined
    if (!run) {
      log.warn(`operator channel: refused ${who}'s unknown action ${JSON.stringify(action)}`)
      return refuse(operatorTexts.noAction(action), false)
    }
    try {
      const result = await run(input)
      log.info(`operator channel: ${who} ran ${action}`)
      return { answer: { ok: true, result } }
    } catch (error) {
      if (error instanceof Refusal) return { answer: { ok: false, refusal: onTheWire(error) } }
      log.error(`operator channel: ${who}'s ${action} failed`, error)
      return { answer: { ok: false, error: 'Internal error' } }
    }
  }

  // One request at a time per connection, read no further until it is answered.
  const serve = (socket: net.Socket) => {
    let buffered = Buffer.alloc(0)
    let busy = false
    let over = false
    const hangUp = (reply: ChannelAnswer) => {
      over = true
      socket.end(`${JSON.stringify(reply)}\n`, () => socket.destroy())
    }
    idle.add(socket)
    socket.setTimeout(idleMs, () => socket.destroy())
    socket.on('error', () => socket.destroy())
    socket.on('close', () => idle.delete(socket))
    const next = async () => {
      for (;;) {
        const end = buffered.indexOf(0x0a)
        if (end === -1 ? buffered.length > maxLineBytes : end > maxLineBytes) {
          log.warn(`operator channel: refused a line over ${maxLineBytes} bytes`)
          return hangUp(refusal(channelTexts.lineTooLong))
        }
        if (end === -1) return
        const line = buffered.subarray(0, end)
        buffered = buffered.subarray(end + 1)
        busy = true
        idle.delete(socket)
        socket.pause()
        socket.setTimeout(0)
        const { answer: reply, hangUp: last } = await answer(line)
        busy = false
        if (socket.destroyed) return
        if (last || closing) return hangUp(reply)
        socket.write(`${JSON.stringify(reply)}\n`)
        idle.add(socket)
        socket.setTimeout(idleMs)
        socket.resume()
      }
    }
    socket.on('data', (chunk: Buffer) => {
      if (over) return
      buffered = Buffer.concat([buffered, chunk])
      if (!busy) void next()
    })
  }

  const server = net.createServer(serve)
  server.maxConnections = maxConnections
  removeStaleSocket(socketPath)
  await listenPrivately(server, socketPath)
  writePrivateFile(tokenPath, tokenFile)
  const removeToken = () => {
    try {
      if (fs.readFileSync(tokenPath, 'utf8') === tokenFile) fs.rmSync(tokenPath)
    } catch {
      // Gone already.
    }
  }
  // Also on process.exit (a failed start-up, the shutdown deadline): no files left to mislead.
  const removeFiles = () => {
    removeToken()
    fs.rmSync(socketPath, { force: true })
  }
  process.on('exit', removeFiles)

  return {
    socketPath,
    tokenPath,
    async close() {
      if (closing) return
      closing = true
      // First the token file, so a command started from now on does not try the channel.
      removeToken()
      const closed = new Promise<void>((resolve) => server.close(() => resolve()))
      for (const socket of idle) socket.destroy()
      await closed
      process.off('exit', removeFiles)
      removeFiles()
    },
  }
}

/** A refusal as the channel has always sent it (a command line of another version reads it). */
function onTheWire(refusal: Refusal) {
  const { advice } = refusal.details
  return {
    message: refusal.message,
    ...(refusal.kind === 'not-found' ? { notFound: true } : {}),
    ...(advice ? { advice } : {}),
  }
}

function refusal(message: string): ChannelAnswer {
  return { ok: false, refusal: { message } }
}

/** Compares in a time that tells nothing of where they differ. */
function sameToken(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest()
  return timingSafeEqual(digest(given), digest(expected))
}

function removeStaleSocket(socketPath: string): void {
  try {
    if (!fs.lstatSync(socketPath).isSocket()) {
      throw new Error(`${socketPath} is there and is not a socket: move it away`)
    }
    fs.rmSync(socketPath)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
}

/**
 * Binds with a umask that leaves the socket 0600 from its first instant (the bind happens within
 * listen(), so no other code runs while the umask is narrowed).
 */
async function listenPrivately(server: net.Server, socketPath: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    const umask = process.umask(0o177)
    try {
      server.listen(socketPath, () => {
        server.off('error', reject)
        resolve()
      })
    } finally {
      process.umask(umask)
    }
  })
  fs.chmodSync(socketPath, 0o600)
}

/** Written whole and 0600 before it is renamed into place: no reader sees half or a wider mode. */
function writePrivateFile(target: string, content: string): void {
  const temp = `${target}.${process.pid}.${randomBytes(6).toString('hex')}`
  try {
    fs.writeFileSync(temp, content, { mode: 0o600, flag: 'wx' })
    fs.renameSync(temp, target)
  } finally {
    fs.rmSync(temp, { force: true })
  }
}
