// A TCP proxy that can cut its connections, for tests of a database or server going away.
import net from 'node:net'

export interface TcpProxy {
  port: number
  /** The network goes dark: open connections are dropped, new ones are held and never answered. */
  cut(): void
  /** The network is back: held connections are dropped, new ones reach the target again. */
  restore(): void
  close(): Promise<void>
}

/**
 * A TCP relay to `target` (e.g. PostgreSQL) that a test can cut and restore, to play a database
 * that becomes unreachable and comes back.
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let dark = false
  const open = new Set<net.Socket>()
  const track = (socket: net.Socket) => {
    open.add(socket)
    socket.on('close', () => open.delete(socket))
    socket.on('error', () => socket.destroy())
  }
  const server = net.createServer((client) => {
    track(client)
    if (dark) return // accepted, never answered: a blackhole, as a dead route looks
    const upstream = net.connect(target.port, target.host)
    track(upstream)
    client.pipe(upstream)
    upstream.pipe(client)
    client.on('close', () => upstream.destroy())
    upstream.on('close', () => client.destroy())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  const dropAll = () => {
    for (const socket of open) socket.destroy()
  }
  return {
    port,
    cut() {
      dark = true
      dropAll()
    },
    restore() {
      dark = false
      dropAll()
    },
    async close() {
      dropAll()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
