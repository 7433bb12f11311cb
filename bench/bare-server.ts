// A bare Fastify route: the yardstick every endpoint is compared with in the same run.
import Fastify from 'fastify'

const app = Fastify({ logger: false })
app.get('/bare', async () => ({ ok: true }))
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' })
console.log('bare server ready')
