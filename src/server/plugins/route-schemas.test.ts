import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, test } from 'vitest'
import * as z from 'zod/mini'
import { MessageAnswerSchema } from '../../shared/answers'
import { errorsPlugin } from './errors'
import { refusing, routeSchemasPlugin, type ZodTypeProvider } from './route-schemas'

let app: FastifyInstance

// A route as the API's are: its request and its answer each a shared zod/mini schema.
const GreetingSchema = z.object({ name: z.string().check(z.trim(), z.minLength(1)) })

beforeAll(async () => {
  app = Fastify()
  await app.register(errorsPlugin)
  await app.register(routeSchemasPlugin)
  const api = app.withTypeProvider<ZodTypeProvider>()
  const schema = {
    body: refusing(GreetingSchema, 'Say who you are.'),
    response: { 200: MessageAnswerSchema },
  }
  api.post('/greet', { schema }, async (request) => {
    if (request.body.name === 'nobody') return { message: '' }
    // A field the answer does not declare: never sent.
    return { message: `Hello, ${request.body.name}.`, secret: 'internal' }
  })
  await app.ready()
})
afterAll(() => app.close())

test('an answer is sent as its response schema declares it, undeclared fields left out', async () => {
  const response = await app.inject({ method: 'POST', url: '/greet', payload: { name: ' Sam ' } })
  expect(response.statusCode).toBe(200)
  expect(response.json()).toEqual({ message: 'Hello, Sam.' })
})

test("a refused request is still answered with the route's own sentence", async () => {
  const response = await app.inject({ method: 'POST', url: '/greet', payload: { name: ' ' } })
  expect(response.statusCode).toBe(400)
  expect(response.json()).toEqual({ message: 'Say who you are.' })
})

test('an answer its response schema refuses is a fault, never sent', async () => {
  const response = await app.inject({ method: 'POST', url: '/greet', payload: { name: 'nobody' } })
  expect(response.statusCode).toBe(500)
  expect(response.json()).toEqual({ message: 'Internal Server Error' })
})
