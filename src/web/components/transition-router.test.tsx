import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { type ComponentType, lazy, Suspense } from 'react'
import { afterEach, expect, test } from 'vitest'
import { Link, Route, Switch } from 'wouter'
import { NavLink } from './nav-link'
import { TransitionRouter, useHistoryEntry, useSearchParams } from './transition-router'

afterEach(() => {
  window.history.replaceState(null, '', '/')
})

/** A page whose chunk comes in only when the test says so. */
function slowPage(): { Page: ComponentType; arrive: () => void } {
  let arrive = () => {}
  const chunk = new Promise<{ default: ComponentType }>((resolve) => {
    arrive = () => resolve({ default: () => <h1>The store</h1> })
  })
  return { Page: lazy(() => chunk), arrive }
}

function Site({ Store }: { Store: ComponentType }) {
  return (
    <Suspense fallback={<p>Loading</p>}>
      <Switch>
        <Route path="/store">
          <Store />
        </Route>
        <Route>
          <h1>Home</h1>
          <Link to="/store">Store</Link>
        </Route>
      </Switch>
    </Suspense>
  )
}

test("a link keeps the page on screen while the next page's chunk loads, then shows it", async () => {
  const { Page, arrive } = slowPage()
  render(
    <TransitionRouter>
      <Site Store={Page} />
    </TransitionRouter>,
  )
  await userEvent.click(screen.getByRole('link', { name: 'Store' }))
  expect(window.location.pathname).toBe('/store')
  // Not the <Suspense> fallback: the page the fan left, until the next one can show.
  expect(screen.getByRole('heading').textContent).toBe('Home')
  expect(screen.queryByText('Loading')).toBeNull()
  await act(async () => arrive())
  expect((await screen.findByRole('heading', { name: 'The store' })).textContent).toBe('The store')
})

test('the back button shows the page before; a link to the page shown adds no history entry', async () => {
  const { Page, arrive } = slowPage()
  arrive()
  render(
    <TransitionRouter>
      <Site Store={Page} />
    </TransitionRouter>,
  )
  const entries = window.history.length
  await userEvent.click(screen.getByRole('link', { name: 'Store' }))
  await screen.findByRole('heading', { name: 'The store' })
  expect(window.history.length).toBe(entries + 1)
  await act(async () => {
    window.history.back()
    await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }))
  })
  expect(window.location.pathname).toBe('/')
  expect(screen.getByRole('heading').textContent).toBe('Home')
  await userEvent.click(screen.getByRole('link', { name: 'Store' }))
  await screen.findByRole('heading', { name: 'The store' })
  window.history.replaceState(null, '', '/')
  const before = window.history.length
  render(
    <TransitionRouter>
      <Link to="/">Home again</Link>
    </TransitionRouter>,
  )
  await userEvent.click(screen.getByRole('link', { name: 'Home again' }))
  expect(window.history.length).toBe(before)
})

function Menu() {
  return (
    <nav>
      <NavLink to="/admin" end>
        Tonight
      </NavLink>
      <NavLink to="/admin/orders">Orders</NavLink>
      <NavLink to="/admin/members">Members</NavLink>
    </nav>
  )
}

test("a menu's link is the current page on its page and below it, unless it is the end", () => {
  const current = () =>
    screen
      .getAllByRole('link')
      .filter((link) => link.getAttribute('aria-current') === 'page')
      .map((link) => link.textContent)
  const { unmount } = render(
    <TransitionRouter url="/admin/orders/ord_1">
      <Menu />
    </TransitionRouter>,
  )
  expect(current()).toEqual(['Orders'])
  unmount()
  render(
    <TransitionRouter url="/admin">
      <Menu />
    </TransitionRouter>,
  )
  expect(current()).toEqual(['Tonight'])
})

function Searched() {
  const [params, setParams] = useSearchParams()
  const { path, search, hash, state } = useHistoryEntry()
  return (
    <>
      <p>
        {params.get('q')} at {path}
        {search}
        {hash} {JSON.stringify(state)}
      </p>
      <button
        type="button"
        onClick={() =>
          setParams((current) => {
            current.set('page', '2')
            return current
          })
        }
      >
        Next page
      </button>
    </>
  )
}

test('the query reads as the address has it, and a change keeps the path and the other parameters', async () => {
  render(
    <TransitionRouter url="/admin/orders?q=%2541#top">
      <Searched />
    </TransitionRouter>,
  )
  expect(screen.getByText(/ at /).textContent).toBe('%41 at /admin/orders?q=%2541#top null')
  await userEvent.click(screen.getByRole('button', { name: 'Next page' }))
  expect(screen.getByText(/ at /).textContent).toBe('%41 at /admin/orders?q=%2541&page=2 null')
})
