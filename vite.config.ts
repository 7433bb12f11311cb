import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

const apiPort = Number(process.env.API_PORT ?? 3001)

export default defineConfig({
  plugins: [react()],
  publicDir: 'public',
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    target: 'es2022',
    // Each page is a lazily loaded chunk (src/web/routes.ts); scripts/prerender.ts reads the
    // manifest to preload a pre-rendered page's chunks from its HTML.
    manifest: true,
    // One stylesheet, inlined into the pre-rendered pages: a page's own CSS arriving with its
    // chunk would let it paint unstyled first.
    cssCodeSplit: false,
  },
  server: {
    port: 3000,
    proxy: {
      '/api': `http://127.0.0.1:${apiPort}`,
      '/pay': `http://127.0.0.1:${apiPort}`,
      '/healthz': `http://127.0.0.1:${apiPort}`,
    },
  },
})
