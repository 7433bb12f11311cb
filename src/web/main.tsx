import { StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { BrowserRouter } from 'react-router'
import { App } from './app'
import './styles/global.css'

const root = document.getElementById('root')
if (!root) throw new Error('missing #root')

const app = (
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>
)

// Pages pre-rendered at build time are hydrated; the rest render from scratch. data-route
// (set by scripts/prerender.ts) guards against hydrating one page's HTML served at another URL.
if (root.hasChildNodes() && root.dataset.route === window.location.pathname) hydrateRoot(root, app)
else createRoot(root).render(app)
