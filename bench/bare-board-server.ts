// A bare Fastify route that answers the board's own bytes (BOARD_FILE), as a PNG: the yardstick
// for the board's 200 answers, whose cost is mostly moving those bytes (bench/board.ts).
import fs from 'node:fs'
import Fastify from 'fastify'

const bytes = fs.readFileSync(String(process.env.BOARD_FILE))
const app = Fastify({ logger: false })
app.get('/bare', async () => ({ ok: true }))
app.get('/bare.png', async (_request, reply) => reply.type('image/png').send(bytes))
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' })
console.log('bare board server ready')
