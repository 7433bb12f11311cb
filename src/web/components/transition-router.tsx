import {
  createContext,
  type ReactNode,
  startTransition,
  use,
  useCallback,
  useEffect,
  useMemo,
  useState,
} from 'react'
import { Router } from 'wouter'

/** Where the app is: the address, and the state a move left with its history entry. */
export interface HistoryEntry {
  /** As the address has it (percent-encoded), like `location.pathname`. */
  path: string
  /** '' or '?...' */
  search: string
  /** '' or '#...' */
  hash: string
  state: unknown
}

interface NavigateOptions {
  replace?: boolean
  state?: unknown
}

type Navigate = (to: string, options?: NavigateOptions) => void

const HistoryContext = createContext<{ entry: HistoryEntry; navigate: Navigate } | null>(null)

function useHistory() {
  const history = use(HistoryContext)
  if (!history) throw new Error('the router is used outside <TransitionRouter>')
  return history
}

// wouter's location and search hooks: module-level, as wouter keeps them in its router object.
const useEntryLocation = (): [string, Navigate] => {
  const { entry, navigate } = useHistory()
  return [entry.path, navigate]
}
const useEntrySearch = (): string => useHistory().entry.search

function browserEntry(): HistoryEntry {
  const { pathname, search, hash } = window.location
  return { path: pathname, search, hash, state: window.history.state }
}

/** `to` (absolute, or relative to `from`) as an entry; the origin is only there to parse. */
function entryAt(to: string, from: HistoryEntry | undefined, state: unknown): HistoryEntry {
  const base = new URL(from ? `${from.path}${from.search}${from.hash}` : '/', 'http://localhost')
  const { pathname, search, hash } = new URL(to, base)
  return { path: pathname, search, hash, state }
}

/**
 * wouter's router over the browser's history, every move a React transition: React keeps the
 * page on screen while the next page's chunk loads, instead of the empty <Suspense> fallback
 * (React Router did this; wouter's own location hook is an external store, whose updates
 * cannot be transitions). With `url`, an address held in memory instead: the server renders
 * the page at that address, and tests start there.
 */
export function TransitionRouter({ url, children }: { url?: string; children?: ReactNode }) {
  const [entry, setEntry] = useState(() =>
    url === undefined ? browserEntry() : entryAt(url, undefined, null),
  )

  useEffect(() => {
    if (url !== undefined) return
    const onMove = () => startTransition(() => setEntry(browserEntry()))
    window.addEventListener('popstate', onMove)
    return () => window.removeEventListener('popstate', onMove)
  }, [url])

  const navigate = useCallback<Navigate>(
    (to, { replace = false, state = null } = {}) => {
      if (url !== undefined) {
        startTransition(() => setEntry((from) => entryAt(to, from, state)))
        return
      }
      // A link to the address already shown adds no history entry, as React Router's did.
      const same = new URL(to, window.location.href).href === window.location.href
      window.history[replace || same ? 'replaceState' : 'pushState'](state, '', to)
      startTransition(() => setEntry(browserEntry()))
    },
    [url],
  )

  const history = useMemo(() => ({ entry, navigate }), [entry, navigate])
  return (
    <HistoryContext value={history}>
      <Router hook={useEntryLocation} searchHook={useEntrySearch}>
        {children}
      </Router>
    </HistoryContext>
  )
}

/** The whole entry (wouter's `useLocation` gives only the path): its query, hash and state. */
export function useHistoryEntry(): HistoryEntry {
  return useHistory().entry
}

/**
 * The query string's parameters, and a move to the same page with others. Not wouter's
 * `useSearchParams`: it decodes the query before parsing it, so a searched "%41" would read "A".
 */
export function useSearchParams(): [
  URLSearchParams,
  (change: (current: URLSearchParams) => URLSearchParams) => void,
] {
  const { entry, navigate } = useHistory()
  const params = useMemo(() => new URLSearchParams(entry.search), [entry.search])
  const setParams = (change: (current: URLSearchParams) => URLSearchParams) => {
    const search = change(new URLSearchParams(params)).toString()
    navigate(search ? `${entry.path}?${search}` : entry.path)
  }
  return [params, setParams]
}
