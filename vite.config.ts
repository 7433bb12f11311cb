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
    // Each page is a lazily loaded chunk (src/web/app/routes.ts); scripts/prerender.ts reads the
    // manifest to preload a pre-rendered page's chunks from its HTML.
    manifest: true,
    // Each page's CSS with its chunk: scripts/prerender.ts inlines the base and the page's own
    // into its HTML (so it paints styled at once, and parses none of the other pages' rules);
    // on a move in the browser, Vite loads the next page's CSS before running its chunk.
    cssCodeSplit: true,
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
