import {
  createContext,
  type ReactNode,
  use,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import { useLocation } from 'wouter'
import { type ConsoleActionName, type ConsoleSessionInfo, consolePages } from '../../shared/console'
import type { OperatorInput, OperatorResults } from '../../shared/operator'
import { useHistoryEntry } from '../components/transition-router'
import {
  asConsoleError,
  type ConsoleError,
  fetchSession,
  signOut as postSignOut,
  runAction,
} from './console-calls'

export type SessionState =
  | { status: 'loading' }
  | { status: 'signed-in'; session: ConsoleSessionInfo }
  | { status: 'signed-out' }
  | { status: 'failed'; error: ConsoleError }

export type RunAction = <N extends ConsoleActionName>(
  name: N,
  input: OperatorInput<N>,
) => Promise<OperatorResults[N]>

interface ConsoleSession {
  state: SessionState
  /** A sign-in link was used: this is the host now. */
  signedIn(session: ConsoleSessionInfo): void
  signOut(): Promise<void>
  /** Runs an action as the host; a 401 ends the session here too and goes to sign-in. */
  run: RunAction
  /** Asks the server again (after a failure to reach it). */
  retry(): void
}

const SessionContext = createContext<ConsoleSession | null>(null)

export function useConsoleSession(): ConsoleSession {
  const session = use(SessionContext)
  if (!session) throw new Error('useConsoleSession outside <ConsoleSessionProvider>')
  return session
}

/** `/admin/sign-in?next=/admin/orders`: where to come back to once signed in. */
export function signInPath(next?: string): string {
  const path = consolePages.signIn.path
  return next && next !== path ? `${path}?next=${encodeURIComponent(next)}` : path
}

/** A console page to return to after signing in: only a path of the console itself. */
export function safeNext(next: string | null): string {
  const fallback = consolePages.tonight.path
  if (!next || !/^\/admin(?:[/?#]|$)/.test(next)) return fallback
  const away = [consolePages.signIn.path, '/admin/api/']
  return away.some((path) => next.startsWith(path)) ? fallback : next
}

/**
 * Who is signed in, read once from the server, and the one way pages run actions: with the
 * session's CSRF token, and back to sign-in when the server says the session is over.
 */
export function ConsoleSessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<SessionState>({ status: 'loading' })
  const [attempt, setAttempt] = useState(0)
  const [, navigate] = useLocation()
  const { path, search } = useHistoryEntry()
  const here = useRef('')
  here.current = `${path}${search}`

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is "Try again": a change asks the server again.
  useEffect(() => {
    let current = true
    fetchSession().then(
      (session) => {
        if (current) setState(session ? { status: 'signed-in', session } : { status: 'signed-out' })
      },
      (error: unknown) => {
        if (current) setState({ status: 'failed', error: asConsoleError(error) })
      },
    )
    return () => {
      current = false
    }
  }, [attempt])

  const csrfToken = state.status === 'signed-in' ? state.session.csrfToken : ''
  const run = useCallback<RunAction>(
    async (name, input) => {
      try {
        return await runAction(csrfToken, name, input)
      } catch (error) {
        const failure = asConsoleError(error)
        if (failure.status === 401) {
          setState({ status: 'signed-out' })
          navigate(signInPath(here.current), { replace: true })
        }
        throw failure
      }
    },
    [csrfToken, navigate],
  )

  const signOut = useCallback(async () => {
    await postSignOut(csrfToken)
    setState({ status: 'signed-out' })
    navigate(consolePages.signIn.path, { state: { signedOut: true } })
  }, [csrfToken, navigate])

  const value = useMemo<ConsoleSession>(
    () => ({
      state,
      signedIn: (session) => setState({ status: 'signed-in', session }),
      signOut,
      run,
      retry: () => {
        setState({ status: 'loading' })
        setAttempt((n) => n + 1)
      },
    }),
    [state, signOut, run],
  )
  return <SessionContext value={value}>{children}</SessionContext>
}
