import { type FormEvent, type ReactNode, useId } from 'react'
import { Link } from 'wouter'
import type { Page } from '../../shared/operator-views'
import { useHistoryEntry, useSearchParams } from '../components/transition-router'
import { type Column, DataTable, ErrorNotice, Loading } from './console-ui'
import type { ActionState } from './use-action'

/** Lists ask the server for one page of this many rows. */
export const consolePageSize = 25

/**
 * A list's place in the URL (?q=...&page=2 and its filters), so the back button, a reload and a
 * shared link show the same page. The server searches and pages; the browser only asks.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams()
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1)
  const search = params.get('q') ?? ''
  /** Sets or clears (null) each named parameter; any change but the page's goes to page 1. */
  const update = (changes: Record<string, string | null>) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous)
      for (const [name, value] of Object.entries(changes)) {
        if (value === null || value === '') next.delete(name)
        else next.set(name, value)
      }
      if (!('page' in changes)) next.delete('page')
      return next
    })
  return { params, page, search, update }
}

/** A search box: the server looks, one page at a time. */
export function SearchForm(props: {
  label: string
  hint?: string
  value: string
  onSearch: (value: string) => void
  children?: ReactNode
}) {
  const id = useId()
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const value = new FormData(event.currentTarget).get('q')
    props.onSearch(typeof value === 'string' ? value.trim() : '')
  }
  return (
    <search>
      <form className="console-search" onSubmit={onSubmit}>
        <div className="field console-search-field">
          <label htmlFor={`${id}-q`}>{props.label}</label>
          <div className="console-search-row">
            {/* Keyed by the URL's value: going back in history shows what was searched. */}
            <input
              key={props.value}
              id={`${id}-q`}
              name="q"
              type="search"
              defaultValue={props.value}
              aria-describedby={props.hint ? `${id}-hint` : undefined}
            />
            <button className="button" type="submit">
              Search
            </button>
          </div>
          {props.hint && (
            <p id={`${id}-hint`} className="field-hint">
              {props.hint}
            </p>
          )}
        </div>
        {props.children}
      </form>
    </search>
  )
}

/** "112 orders", "1 order", "1 entry": the plural a table is named by, singular for one. */
export function counted(total: number, plural: string): string {
  if (total !== 1) return `${total} ${plural}`
  return `1 ${plural.endsWith('ies') ? `${plural.slice(0, -3)}y` : plural.replace(/s$/, '')}`
}

/** "Page 2 of 5 · 112 orders", with links to the pages before and after. */
export function Pager(props: { page: number; pageSize: number; total: number; noun: string }) {
  const { path, search } = useHistoryEntry()
  const pages = Math.max(1, Math.ceil(props.total / props.pageSize))
  const to = (page: number) => {
    const next = new URLSearchParams(search)
    if (page <= 1) next.delete('page')
    else next.set('page', String(page))
    const query = next.toString()
    return query ? `${path}?${query}` : path
  }
  return (
    <nav className="console-pager" aria-label={`Pages of ${props.noun}`}>
      <p>
        Page {Math.min(props.page, pages)} of {pages} · {counted(props.total, props.noun)}
      </p>
      <div className="cluster">
        {props.page > 1 ? (
          <Link className="button button-secondary button-small" to={to(props.page - 1)}>
            Previous page
          </Link>
        ) : null}
        {props.page < pages ? (
          <Link className="button button-secondary button-small" to={to(props.page + 1)}>
            Next page
          </Link>
        ) : null}
      </div>
    </nav>
  )
}

/** A read's answer as a page shows it: its error with a retry, a loading line, then the data. */
export function Loaded<T>(props: { state: ActionState<T>; children: (data: T) => ReactNode }) {
  const { state } = props
  if (state.error) return <ErrorNotice error={state.error} onRetry={state.reload} />
  if (state.data === undefined) return <Loading />
  return props.children(state.data)
}

/** One page of a list the server searched and paged: its table, and the pager below it. */
export function PagedTable<T>(props: {
  list: ActionState<Page<T>>
  noun: string
  caption: string
  columns: Column<T>[]
  rowKey: (row: T) => string | number
  empty: string
}) {
  const { list, noun, ...table } = props
  return (
    <Loaded state={list}>
      {(data) => (
        <>
          <DataTable {...table} busy={list.loading} rows={data.items} />
          <Pager {...data} noun={noun} />
        </>
      )}
    </Loaded>
  )
}
