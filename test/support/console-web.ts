// The console's pages rendered in jsdom for their component tests, with the calls they make.
import { render, screen } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { createElement } from 'react'
import { vi } from 'vitest'
import { comicFields } from '../../src/shared/comic-fields'
import type { ComicView } from '../../src/shared/comics'
import { type ConsoleSessionInfo, consoleApi, csrfHeader } from '../../src/shared/console'
import { emptyValues } from '../../src/shared/entity-fields'
import type { OperatorActionName } from '../../src/shared/operator'
import type { MemberSummary } from '../../src/shared/operator-views'
import { TransitionRouter, useHistoryEntry } from '../../src/web/components/transition-router'
import { ConsoleApp } from '../../src/web/console/console-app'

/** The host the console's component tests are signed in as. */
export const testHost: ConsoleSessionInfo = {
  email: 'host@example.com',
  csrfToken: 'csrf-token-of-the-test-session',
  expiresAt: '2026-11-23T08:00:00.000Z',
}

/** One request the console made: where, how, with what body and CSRF header. */
export interface ConsoleCall {
  url: string
  method: string
  body: unknown
  csrf: string | null
  /** A body sent as bytes (a file): its Content-Type and the bytes as sent. */
  file?: { type: string | null; bytes: Blob } | undefined
}

/** What the stub answers a call with; undefined falls through to the defaults. */
export type ConsoleAnswer = (
  call: ConsoleCall,
) => Response | undefined | Promise<Response | undefined>

const actionPrefix = consoleApi.action('tonight').replace(/tonight$/, '')

/** The action a call ran ('orders.list'...), or undefined for another path. */
export function actionOf(call: ConsoleCall): string | undefined {
  return call.url.startsWith(actionPrefix) ? call.url.slice(actionPrefix.length) : undefined
}

/**
 * Stands in for the console's server at the browser's edge (fetch): `answer` first, then the
 * signed-in session for GET /admin/api/session and 404 for anything else. Returns every call.
 */
export function stubConsoleApi(answer: ConsoleAnswer = () => undefined) {
  const calls: ConsoleCall[] = []
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers = new Headers(init.headers)
    const call: ConsoleCall = {
      url: String(input),
      method: init.method ?? 'GET',
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      csrf: headers.get(csrfHeader),
      // A file comes from the page's document (jsdom's Blob, not node's): anything not a string.
      file:
        init.body && typeof init.body !== 'string'
          ? { type: headers.get('content-type'), bytes: init.body as Blob }
          : undefined,
    }
    calls.push(call)
    const answered = await answer(call)
    if (answered) return answered
    if (call.url === consoleApi.session) return Response.json(testHost)
    return Response.json({ message: `No stub for ${call.method} ${call.url}` }, { status: 404 })
  })
  vi.stubGlobal('fetch', fetch)
  return {
    calls,
    /** The inputs the console sent to one action, in order. */
    inputs(name: OperatorActionName): unknown[] {
      return calls.filter((call) => actionOf(call) === name).map((call) => call.body)
    },
  }
}

/** Answers one action with `result` (200), or with a status and the server's `message`. */
export function answerAction(
  name: OperatorActionName,
  result: unknown | ((input: unknown) => unknown),
  status = 200,
): ConsoleAnswer {
  return (call) => {
    if (actionOf(call) !== name) return undefined
    const body = typeof result === 'function' ? result(call.body) : result
    return Response.json(body, { status })
  }
}

/** Tries each answer in turn. */
export function answers(...list: ConsoleAnswer[]): ConsoleAnswer {
  return async (call) => {
    for (const answer of list) {
      const response = await answer(call)
      if (response) return response
    }
    return undefined
  }
}

let currentLocation = ''

function LocationProbe() {
  const { path, search, hash } = useHistoryEntry()
  currentLocation = `${path}${search}${hash}`
  return null
}

/** The console at `url`, as a browser would open it, and where it is now. */
export function renderConsole(url: string) {
  const result = render(
    createElement(
      TransitionRouter,
      { url },
      createElement(ConsoleApp),
      createElement(LocationProbe),
    ),
  )
  return { ...result, location: () => currentLocation }
}

/** The page's main heading, once its chunk and data are in. */
export function findHeading(name: string | RegExp) {
  return screen.findByRole('heading', { level: 1, name })
}

/** A membership as `members.list` answers it: active Tier 2 unless told otherwise. */
export function memberSummary(overrides: Partial<MemberSummary> = {}): MemberSummary {
  return {
    id: 'mem_robin',
    email: 'robin.member@example.com',
    tier: 'membership-2',
    status: 'active',
    standing: 'active',
    periodStart: '2026-11-10T00:00:00.000Z',
    periodEnd: '2026-12-10T00:00:00.000Z',
    cancelAtPeriodEnd: false,
    nextTier: null,
    boostsLeft: 80,
    memberCode: 'ABCD-EFGH-JKMN',
    displayName: 'Robin',
    createdAt: '2026-10-10T00:00:00.000Z',
    endedAt: null,
    endReason: null,
    ...overrides,
  }
}

/** A comic as `comics.list` answers it: on the roster, no picture, unless told otherwise. */
export function comicView(overrides: Partial<ComicView> = {}): ComicView {
  const name = overrides.name ?? 'Sam Stone'
  const slug = overrides.slug ?? name.toLowerCase().replace(/[^a-z0-9]+/g, '-')
  return {
    // Every field as a new comic has it (shared/comic-fields.ts), then these.
    ...emptyValues(comicFields),
    id: `cmc-${slug}`,
    slug,
    name,
    pictureUrl: null,
    archived: false,
    locked: false,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    ...overrides,
  }
}

/** Replaces a field's text as a paste does: one input event, not one per key (a busy machine). */
export async function fill(user: UserEvent, field: HTMLElement, text: string): Promise<void> {
  await user.clear(field)
  await user.click(field)
  await user.paste(text)
}
