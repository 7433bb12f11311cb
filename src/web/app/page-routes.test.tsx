import { act } from '@testing-library/react'
import { StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, expect, test, vi } from 'vitest'
import { pageKeys, pages, paths } from '../../shared/pages'
import { siteTexts } from '../../shared/texts'
import { RouteErrorBoundary } from '../components/layout/route-error'
import { TransitionRouter } from '../components/transition-router'
import { pageImporter, routeFor } from './page-routes'
import { App } from './site-app'

afterEach(() => {
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
  document.body.innerHTML = ''
})

test('each path is rendered by its own page, and any other path by the not-found page', async () => {
  const names = async (pathname: string) => (await routeFor(pathname).load()).default.name
  expect(await names(paths.home)).toBe('LandingPage')
  expect(await names(paths.store)).toBe('StorePage')
  expect(await names(paths.success)).toBe('SuccessPage')
  expect(await names('/pay/membership/sub_local_x')).toBe('MemberWelcomePage')
  expect(await names('/pay/membership/sub_local_x/manage')).toBe('NotFoundPage')
  expect(await names('/no-such-page')).toBe('NotFoundPage')
  expect(await names('/store/extra')).toBe('NotFoundPage')
})

test('the router loads each page from the module pages.ts names; a module that is no page is refused', async () => {
  for (const key of pageKeys) {
    expect(typeof (await pageImporter(pages[key].module)()), key).toBe('function')
  }
  expect(() => pageImporter('src/web/pages/store/product-card.tsx')).toThrow('not a page module')
})

test('loading a page twice fetches its chunk once', () => {
  expect(routeFor(paths.store).load()).toBe(routeFor(paths.store).load())
})

/**
 * The app's HTML as the server renders it. entry-server.tsx's asynchronous render is not used
 * here: React's server renderer, resuming after a lazy page, leaves context values behind that
 * the client renderer then sees when both run in one process (the real pre-render runs in
 * another). Once a client render has loaded the page, a synchronous render gives the same
 * HTML, which entry-server.test.tsx checks.
 */
async function serverHtml(pathname: string): Promise<string> {
  const scratch = createRoot(document.createElement('div'))
  await act(async () => {
    scratch.render(
      <TransitionRouter url={pathname}>
        <App />
      </TransitionRouter>,
    )
  })
  scratch.unmount()
  return renderToString(
    <StrictMode>
      <TransitionRouter url={pathname}>
        <App />
      </TransitionRouter>
    </StrictMode>,
  )
}

for (const pathname of [paths.home, paths.store]) {
  test(`the pre-rendered ${pathname} hydrates without a mismatch once its chunk is in`, async () => {
    // The landing page asks for the schedule after hydration: leave it pending.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    )
    const container = document.createElement('div')
    container.innerHTML = await serverHtml(pathname)
    document.body.append(container)
    const heading = container.querySelector('main h1')
    expect(heading).not.toBeNull()
    const consoleError = vi.spyOn(console, 'error')
    const recoverable = vi.fn()

    await routeFor(pathname).load()
    await act(async () => {
      hydrateRoot(
        container,
        <StrictMode>
          <TransitionRouter url={pathname}>
            <App />
          </TransitionRouter>
        </StrictMode>,
        { onRecoverableError: recoverable },
      )
    })

    expect(recoverable).not.toHaveBeenCalled()
    expect(consoleError).not.toHaveBeenCalled()
    // Hydration adopted the server's nodes; a mismatch would have rendered new ones.
    expect(container.querySelector('main h1')).toBe(heading)
  })
}

test('every route sets its own title and description, also when the fan moves between pages', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>(() => {})),
  )
  const description = document.createElement('meta')
  description.name = 'description'
  document.head.append(description)
  const container = document.createElement('div')
  document.body.append(container)
  const root = createRoot(container)
  await routeFor('/no-such-page').load()
  await routeFor(paths.store).load()
  await act(async () => {
    root.render(
      <TransitionRouter url={'/no-such-page'}>
        <App />
      </TransitionRouter>,
    )
  })
  expect(document.title).toBe(pages.notFound.title)
  expect(description.content).toBe(pages.notFound.description)

  // From the not-found page to the store, as a fan clicks it.
  const toStore = [...container.querySelectorAll('a')].find(
    (a) => a.textContent === 'Visit the store',
  )
  await act(async () => {
    toStore?.click()
  })
  expect(container.querySelector('main h1')?.textContent).toContain('Store')
  expect(document.title).toBe(pages.store.title)
  expect(description.content).toBe(pages.store.description)
  root.unmount()
  description.remove()
})

test('a page that fails to render shows a friendly message with links home and to the store', async () => {
  function Broken(): never {
    throw new Error('boom')
  }
  vi.spyOn(console, 'error').mockImplementation(() => {})
  const container = document.createElement('div')
  document.body.append(container)
  const root = createRoot(container)
  await act(async () => {
    root.render(
      <TransitionRouter url="/">
        <RouteErrorBoundary>
          <Broken />
        </RouteErrorBoundary>
      </TransitionRouter>,
    )
  })
  expect(container.querySelector('h1')?.textContent).toBe(siteTexts.routeError.heading)
  const links = [...container.querySelectorAll('main a')].map((a) => a.getAttribute('href'))
  expect(links).toEqual(expect.arrayContaining(['/', '/store']))
  root.unmount()
})
