import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { z } from 'zod'
import { Refusal, type RefusalKind, refusalKinds, refuse } from '../../core/refusal'
import { errorsPlugin, refusalStatus } from './errors'
import { refusing, routeSchemasPlugin, type ZodTypeProvider } from './route-schemas'

/** Each kind's status, written out here so a change to the mapping is seen. */
const expectedStatus: Record<RefusalKind, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  gone: 410,
  limited: 429,
  unavailable: 503,
  upstream: 502,
}

let app: FastifyInstance

beforeAll(async () => {
  app = Fastify()
  await app.register(errorsPlugin)
  await app.register(routeSchemasPlugin)
  app.get<{ Params: { kind: RefusalKind } }>('/refuse/:kind', async (request) => {
    throw new Refusal(request.params.kind, `Refused as ${request.params.kind}.`)
  })
  app.get('/refund', async () => {
    throw refuse.invalid('Order ord_1 was paid 9 days ago.', { advice: 'force' })
  })
  app.get('/limited', async () => {
    throw refuse.limited('Too many tries.', 42)
  })
  app.get(
    '/hook-throws',
    {
      preValidation: async () => {
        throw refuse.forbidden('Not from this site.')
      },
    },
    async () => 'ok',
  )
  app.get('/client-error', async () => {
    throw Object.assign(new Error('That is not a teapot.'), { statusCode: 418 })
  })
  app.get('/fault', async () => {
    throw new Error('connection to database lost at 10.0.0.7')
  })

  const api = app.withTypeProvider<ZodTypeProvider>()
  const Named = z.object({ name: z.string().trim().min(1) })
  api.post(
    '/named',
    { schema: { body: refusing(Named, 'Say who you are.') } },
    async (request) => ({ hello: request.body.name }),
  )
  const Picky = z.object({ tier: z.enum(['a', 'b']), email: z.email() })
  api.post(
    '/picky',
    {
      schema: {
        body: refusing(Picky, (error) =>
          error.issues.some((issue) => issue.path[0] === 'tier') ? 'Bad tier.' : 'Bad email.',
        ),
      },
    },
    async (request) => request.body,
  )
  api.get(
    '/lenient',
    { schema: { querystring: z.object({ page: z.coerce.number().int().catch(1) }) } },
    async (request) => ({ page: request.query.page }),
  )
  api.get(
    '/careless',
    { schema: { querystring: z.object({ page: z.coerce.number().int() }) } },
    async (request) => ({ page: request.query.page }),
  )
  // The same shared schema, with another route's words: neither takes the other's.
  api.post(
    '/named-again',
    { schema: { body: refusing(Named, 'Another sentence.') } },
    async () => 'ok',
  )
  await app.ready()
})
afterAll(() => app.close())

test.each(refusalKinds)('a %s refusal answers its status and its sentence', async (kind) => {
  expect(refusalStatus[kind]).toBe(expectedStatus[kind])
  const response = await app.inject({ url: `/refuse/${kind}` })
  expect(response.statusCode).toBe(expectedStatus[kind])
  expect(response.json()).toEqual({ message: `Refused as ${kind}.` })
  expect(response.headers['retry-after']).toBeUndefined()
})

test('a refused refund carries its advice; a limit says when to try again', async () => {
  const refund = await app.inject({ url: '/refund' })
  expect(refund.statusCode).toBe(400)
  expect(refund.json()).toEqual({ message: 'Order ord_1 was paid 9 days ago.', advice: 'force' })

  const limited = await app.inject({ url: '/limited' })
  expect(limited.statusCode).toBe(429)
  expect(limited.headers['retry-after']).toBe('42')
  expect(limited.json()).toEqual({ message: 'Too many tries.' })
})

test('a refusal thrown by a hook is answered the same', async () => {
  const thrown = await app.inject({ url: '/hook-throws' })
  expect(thrown.statusCode).toBe(403)
  expect(thrown.json()).toEqual({ message: 'Not from this site.' })
})

test('any other 4xx keeps its status and message; a fault says nothing of itself', async () => {
  const teapot = await app.inject({ url: '/client-error' })
  expect(teapot.statusCode).toBe(418)
  expect(teapot.json()).toEqual({ message: 'That is not a teapot.' })

  const fault = await app.inject({ url: '/fault' })
  expect(fault.statusCode).toBe(500)
  expect(fault.json()).toEqual({ message: 'Internal Server Error' })
})

test("a route schema's refusal is the route's own sentence, and the handler reads the parse", async () => {
  const post = (url: string, payload: object) => app.inject({ method: 'POST', url, payload })
  expect((await post('/named', { name: '  Pat  ' })).json()).toEqual({ hello: 'Pat' })
  for (const body of [{}, { name: '   ' }, { name: 7 }, [1, 2]]) {
    const refused = await post('/named', body)
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toEqual({ message: 'Say who you are.' })
  }
  expect((await post('/named-again', {})).json()).toEqual({ message: 'Another sentence.' })
  // No body at all is refused in the same words.
  const empty = await app.inject({ method: 'POST', url: '/named' })
  expect(empty.json()).toEqual({ message: 'Say who you are.' })

  expect((await post('/picky', { tier: 'c', email: 'nope' })).json()).toEqual({
    message: 'Bad tier.',
  })
  expect((await post('/picky', { tier: 'a', email: 'nope' })).json()).toEqual({
    message: 'Bad email.',
  })
  expect((await post('/picky', { tier: 'b', email: 'pat@example.com' })).statusCode).toBe(200)
})

test('a schema without a sentence never refuses; if it fails anyway, that is a fault', async () => {
  expect((await app.inject({ url: '/lenient?page=4' })).json()).toEqual({ page: 4 })
  expect((await app.inject({ url: '/lenient?page=x' })).json()).toEqual({ page: 1 })
  const careless = await app.inject({ url: '/careless?page=x' })
  expect(careless.statusCode).toBe(500)
  expect(careless.json()).toEqual({ message: 'Internal Server Error' })
})
