// Every route an app answers, from Fastify's own list, for the tests that go through all of them.
import type { FastifyInstance } from 'fastify'

export interface RegisteredRoute {
  /** GET, HEAD, POST... */
  method: string
  /** As registered: `/api/schedule/:id.ics`, `/k/*`. */
  url: string
}

/** A line of Fastify's route tree: its indent, a piece of a path, and the methods that end there. */
const treeLine = /^([│ ]*)[└├]── (.+?)(?: \(([A-Z, ]+)\))?$/

/**
 * Every route an app answers, from Fastify's own list (`printRoutes`): each line of that tree is a
 * piece of a path under the piece one indent up, with the methods of the route it completes. The
 * app must be ready. Tests check each entry with `app.hasRoute`, so a change of the tree's format
 * fails loudly rather than leaving routes out.
 */
export function registeredRoutes(app: FastifyInstance): RegisteredRoute[] {
  const pieces: string[] = []
  const routes: RegisteredRoute[] = []
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = treeLine.exec(line)
    if (!match) continue
    const [, indent = '', piece = '', methods] = match
    const depth = indent.length / 4
    pieces.length = depth
    // find-my-way prints a wildcard bare, without the "/" before it.
    pieces.push(piece === '*' && !pieces.join('').endsWith('/') ? '/*' : piece)
    const url = pieces.join('')
    for (const method of methods?.split(', ') ?? []) {
      routes.push({ method, url })
    }
  }
  return routes
}
