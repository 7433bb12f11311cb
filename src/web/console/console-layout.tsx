import { type ReactNode, useEffect, useRef, useState } from 'react'
import { Link, useLocation } from 'wouter'
import { type ConsolePageKey, consolePages } from '../../shared/console'
import { LogoMark } from '../components/layout/logo-mark'
import { NavLink } from '../components/nav-link'
import '../components/layout/site-header.css'
import { asConsoleError, type ConsoleError } from './console-calls'
import { useConsoleSession } from './console-session'
import { ErrorNotice } from './console-ui'

/** The header's pages, in the order a host reaches for them on show night. */
const navPages: ConsolePageKey[] = [
  'tonight',
  'shows',
  'comics',
  'books',
  'orders',
  'members',
  'jokes',
  'mail',
  'reports',
  'audit',
]

export const mainId = 'console-main'

/** The console's brand line, in the header and on the sign-in page. */
export function ConsoleBrand() {
  return (
    <Link to={consolePages.tonight.path} className="site-brand console-brand">
      <LogoMark className="site-logo" />
      <span>
        Punchline VR <span className="site-brand-accent">console</span>
      </span>
    </Link>
  )
}

/** The header (pages, who is signed in, "Sign out") above every signed-in page. */
export function ConsoleLayout({ email, children }: { email: string; children: ReactNode }) {
  const { signOut } = useConsoleSession()
  const [failure, setFailure] = useState<ConsoleError>()
  const [leaving, setLeaving] = useState(false)
  const [pathname] = useLocation()
  const main = useRef<HTMLElement>(null)
  const firstPath = useRef(pathname)
  const menuButton = useRef<HTMLButtonElement>(null)
  // On a phone the pages are one "Menu" button's list (console.css); wider, always shown.
  const [menuOpen, setMenuOpen] = useState(false)
  const [menuPath, setMenuPath] = useState(pathname)
  if (menuPath !== pathname) {
    // A page chosen from the menu closes it.
    setMenuPath(pathname)
    setMenuOpen(false)
  }

  // Escape closes an open menu, back on its button.
  useEffect(() => {
    if (!menuOpen) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setMenuOpen(false)
      menuButton.current?.focus()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [menuOpen])

  // After a move to another page, focus starts at its content, as a page load would.
  useEffect(() => {
    if (pathname !== firstPath.current) {
      firstPath.current = ''
      main.current?.focus()
    }
  }, [pathname])

  const onSignOut = async () => {
    setLeaving(true)
    try {
      await signOut()
    } catch (error) {
      setFailure(asConsoleError(error))
      setLeaving(false)
    }
  }

  return (
    <>
      <a className="skip-link" href={`#${mainId}`}>
        Skip to main content
      </a>
      <header className="site-header console-header">
        <div className="site-header-inner console-header-inner">
          <ConsoleBrand />
          <button
            type="button"
            ref={menuButton}
            className="button button-secondary button-small console-menu-button"
            aria-expanded={menuOpen}
            aria-controls="console-menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            Menu
          </button>
          <div id="console-menu" className={menuOpen ? 'console-menu is-open' : 'console-menu'}>
            <div className="console-account">
              <span className="console-account-email" title={email}>
                {email}
              </span>
              <button
                type="button"
                className="button button-secondary button-small"
                onClick={onSignOut}
                disabled={leaving}
              >
                Sign out
              </button>
            </div>
            <nav className="site-nav console-nav" aria-label="Console">
              <ul>
                {navPages.map((key) => (
                  <li key={key}>
                    <NavLink to={consolePages[key].path} end={key === 'tonight'}>
                      {consolePages[key].title}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
          </div>
        </div>
      </header>
      <main id={mainId} className="console-main" ref={main} tabIndex={-1}>
        {failure && <ErrorNotice error={failure} />}
        {children}
      </main>
    </>
  )
}
