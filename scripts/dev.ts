// `npm run dev`: the API server (restarting on change) on API_PORT, Vite with hot reload on 3000.
import { spawn } from 'node:child_process'
import { defaultPublicUrl } from '../src/shared/page-rendering'

const apiPort = process.env.API_PORT ?? '3001'
const children = [
  spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'watch', 'src/server/start.ts'], {
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT: apiPort,
      PUBLIC_URL: process.env.PUBLIC_URL ?? defaultPublicUrl(),
      // Readable log lines while developing, even when the output is piped.
      LOG_FORMAT: process.env.LOG_FORMAT ?? 'pretty',
    },
  }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], {
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
]
const stop = () => {
  for (const child of children) child.kill('SIGTERM')
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
for (const child of children) child.on('exit', stop)
