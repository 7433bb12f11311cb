import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'

const apiPort = Number(process.env.API_PORT ?? 3001)

/**
 * `npm run dev`: the console's pages (/admin, /admin/orders/...) are admin.html and the stream
 * overlay (/overlay) is overlay.html, as the server sends them; the console's API (/admin/api)
 * goes to the API server like /api.
 */
function consolePagesInDev(): Plugin {
  return {
    name: 'console-pages-in-dev',
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        const path = request.url?.split(/[?#]/)[0] ?? ''
        if (/^\/admin(\/|$)/.test(path) && !path.startsWith('/admin/api/')) {
          request.url = '/admin.html'
        }
        // The stream overlay (docs/overlay.md) is overlay.html, as the server sends it.
        if (path === '/overlay') request.url = '/overlay.html'
        next()
      })
    },
  }
}

export default defineConfig({
  plugins: [react(), consolePagesInDev()],
  publicDir: 'public',
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    target: 'es2022',
    // Each page is a lazily loaded chunk (src/web/app/page-routes.ts); scripts/prerender.ts reads the
    // manifest to preload a pre-rendered page's chunks from its HTML.
    manifest: true,
    // Each page's CSS with its chunk: scripts/prerender.ts inlines the base and the page's own
    // into its HTML (so it paints styled at once, and parses none of the other pages' rules);
    // on a move in the browser, Vite loads the next page's CSS before running its chunk.
    cssCodeSplit: true,
    // Two apps: the fans' site (index.html, pre-rendered by scripts/prerender.ts) and the host's
    // console (admin.html, rendered in the browser). They share React and the router's chunks,
    // and nothing of the fans' pages loads the console (biome.json, test/e2e/first-load.test.ts).
    rolldownOptions: {
      // admin.html is consoleHtmlFile (src/shared/console.ts), which the server sends; the
      // stream overlay's overlay.html (src/shared/overlay.ts) is a third, without React.
      input: { index: 'index.html', admin: 'admin.html', overlay: 'overlay.html' },
    },
  },
  server: {
    port: 3000,
    proxy: {
      '/api': `http://127.0.0.1:${apiPort}`,
      '/admin/api': `http://127.0.0.1:${apiPort}`,
      '/pay': `http://127.0.0.1:${apiPort}`,
      '/healthz': `http://127.0.0.1:${apiPort}`,
    },
  },
})
