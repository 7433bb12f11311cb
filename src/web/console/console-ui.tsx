import { type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { type ConsolePageKey, consolePages, consoleTitle } from '../../shared/console'
import type { ConsoleError } from './console-calls'
import { centralText, hostTime } from './format'

/** What every console page builds with: its title, notices, tables, confirmations, times. */

/** Sets the tab's title: "Shows · Punchline VR console". Each page calls it with its own words. */
export function useConsoleTitle(title: string): void {
  useEffect(() => {
    document.title = consoleTitle(title)
  }, [title])
}

/**
 * A console page's heading, named once: its title as consolePages has it, for the tab too, and
 * beside it what acts on the whole page (an "Add" button, say).
 */
export function ConsolePageHead({
  page,
  children,
}: {
  page: ConsolePageKey
  children?: ReactNode
}) {
  const { title } = consolePages[page]
  useConsoleTitle(title)
  if (!children) return <h1>{title}</h1>
  return (
    <div className="console-page-head">
      <h1>{title}</h1>
      {children}
    </div>
  )
}

export function Loading({ what = 'Loading' }: { what?: string }) {
  return (
    <p className="muted" role="status">
      {what}…
    </p>
  )
}

/** A failed request, in the server's words; a refused one (403) offers a reload. */
export function ErrorNotice({ error, onRetry }: { error: ConsoleError; onRetry?: () => void }) {
  return (
    <div className="alert alert-error console-notice" role="alert">
      <p>{error.message}</p>
      {error.status === 403 ? (
        <button
          type="button"
          className="button button-small"
          onClick={() => window.location.reload()}
        >
          Reload the console
        </button>
      ) : (
        onRetry &&
        error.status !== 400 &&
        error.status !== 404 && (
          <button type="button" className="button button-secondary button-small" onClick={onRetry}>
            Try again
          </button>
        )
      )}
    </div>
  )
}

export function SuccessNotice({ children }: { children: ReactNode }) {
  return (
    <div className="alert alert-success console-notice" role="status">
      <p>{children}</p>
    </div>
  )
}

/** An instant in Central time, and on the host's own clock beside it when that differs. */
export function TimeText({ iso }: { iso: string | null | undefined }) {
  if (!iso) return <>—</>
  const own = hostTime(new Date(iso))
  return (
    <>
      <time dateTime={iso}>{centralText(iso)}</time>
      {own && <span className="console-own-time"> (your time: {own})</span>}
    </>
  )
}

export interface Column<T> {
  header: string
  cell: (row: T) => ReactNode
  /** Numbers align right. */
  numeric?: boolean
}

/**
 * A table that stacks into one card per row on a narrow screen, each cell labelled by its
 * column (console.css); `caption` names it for screen readers.
 */
export function DataTable<T>(props: {
  caption: string
  columns: Column<T>[]
  rows: readonly T[]
  rowKey: (row: T) => string | number
  empty: string
  busy?: boolean
}) {
  if (props.rows.length === 0) return <p className="console-empty">{props.empty}</p>
  return (
    <div className="data-table-box">
      <table className="data-table" aria-busy={props.busy || undefined}>
        <caption className="visually-hidden">{props.caption}</caption>
        <thead>
          <tr>
            {props.columns.map((column) => (
              <th
                key={column.header}
                scope="col"
                className={column.numeric ? 'numeric' : undefined}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.rows.map((row) => (
            <tr key={props.rowKey(row)}>
              {props.columns.map((column) => (
                <td
                  key={column.header}
                  data-label={column.header}
                  className={column.numeric ? 'numeric' : undefined}
                >
                  {/* One box for the value, however many parts it has (a time and the host's own, a
                    badge and a note): on a phone it stays in the value's column, beside its label. */}
                  <div className="data-value">{column.cell(row)}</div>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/**
 * A question asked before a change: its heading takes the focus when it appears, so a keyboard
 * or screen-reader user lands on what is being asked.
 */
export function ConfirmPanel(props: {
  heading: string
  children: ReactNode
  actions: ReactNode
  tone?: 'danger'
}) {
  const id = useId()
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  return (
    <section
      className={`card console-confirm${props.tone === 'danger' ? ' console-confirm-danger' : ''}`}
      aria-labelledby={id}
    >
      <h3 id={id} ref={heading} tabIndex={-1}>
        {props.heading}
      </h3>
      {props.children}
      <div className="cluster">{props.actions}</div>
    </section>
  )
}

const tagTone: Record<string, string> = {
  live: 'tag-neon',
  flagged: 'tag-neon',
  disputed: 'tag-neon',
  failed: 'tag-neon',
  past_due: 'tag-neon',
  refunded: 'tag-muted',
  voided: 'tag-muted',
  expired: 'tag-muted',
  ended: 'tag-muted',
  declined: 'tag-muted',
  archived: 'tag-muted',
}

/** A short state word as a tag: "paid", "redeemed", "live"... */
export function StateTag({ state, label }: { state: string; label?: string }) {
  return <span className={`tag ${tagTone[state] ?? ''}`.trim()}>{label ?? state}</span>
}

/**
 * A value read whole: a code, an address, an amount, a reference. It never wraps; too long for
 * its box (an address on a 320 px phone), it scrolls inside itself, and then takes the keyboard's
 * focus too, so it can be scrolled without a mouse. The screen test measures every one for a
 * single line box.
 */
export function Value({ children, code }: { children: ReactNode; code?: boolean }) {
  const scrollable = (element: HTMLElement | null) => {
    if (!element) return
    if (element.scrollWidth > element.clientWidth) element.setAttribute('tabindex', '0')
    else element.removeAttribute('tabindex')
  }
  return code ? (
    <code className="console-value" ref={scrollable}>
      {children}
    </code>
  ) : (
    <span className="console-value" ref={scrollable}>
      {children}
    </span>
  )
}

/** "Copy": puts `text` on the clipboard, named for a screen reader by `label`; says "Copied". */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false)
  return (
    <button
      type="button"
      className="button button-secondary button-small"
      aria-label={label}
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(() => setCopied(true))
      }}
    >
      {copied ? 'Copied' : 'Copy'}
    </button>
  )
}
