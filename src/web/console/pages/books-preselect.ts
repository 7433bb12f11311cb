import { useEffect, useRef } from 'react'
import type { BooksOverview } from '../../../shared/settlements'
import { useSearchParams } from '../../components/transition-router'

/**
 * Tonight's wrap-up sends the host here with a question already asked (docs/console.md, "Show
 * night"): `?show=<id>` asks to settle that show, `?statements=all` to send every statement.
 * Asked once, when the books arrive.
 */
export function useBooksPreselect(
  books: BooksOverview | undefined,
  ask: { close: (show: string) => void; statements: () => void },
): void {
  const [params] = useSearchParams()
  const asked = useRef(false)
  useEffect(() => {
    if (!books || asked.current) return
    asked.current = true
    const show = params.get('show')
    // Asked even when not open: the action's answer says why it cannot close yet, or that it is.
    if (show) ask.close(show)
    else if (params.get('statements') === 'all' && books.comics.length > 0) ask.statements()
  }, [books, params, ask])
}
