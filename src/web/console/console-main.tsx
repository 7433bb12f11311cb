// The base styles first, so the tokens and the site's controls come before the console's own.
import '../styles/global.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { TransitionRouter } from '../components/transition-router'
import { ConsoleApp } from './console-app'

/**
 * The console's entry (admin.html): rendered in the browser only, behind the session the server
 * checks before it sends the page. None of the fans' pages loads it.
 */
const root = document.getElementById('root')
if (!root) throw new Error('missing #root')
createRoot(root).render(
  <StrictMode>
    <TransitionRouter>
      <ConsoleApp />
    </TransitionRouter>
  </StrictMode>,
)
