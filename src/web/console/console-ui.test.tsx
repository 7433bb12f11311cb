import { render, screen } from '@testing-library/react'
import { afterEach, expect, test } from 'vitest'
import { type ConsolePageKey, consolePages, consoleTitle } from '../../shared/console'
import { ConsolePageHead } from './console-ui'

afterEach(() => {
  document.body.innerHTML = ''
})

test("a console page's heading and its tab's title are consolePages' title, written once", () => {
  for (const page of Object.keys(consolePages) as ConsolePageKey[]) {
    const { unmount } = render(<ConsolePageHead page={page} />)
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(consolePages[page].title)
    expect(document.title).toBe(consoleTitle(consolePages[page].title))
    unmount()
  }
})

test('what acts on the whole page sits beside the heading', () => {
  render(
    <ConsolePageHead page="comics">
      <button type="button">Add a comic</button>
    </ConsolePageHead>,
  )
  const head = screen.getByRole('heading', { level: 1, name: 'Comics' }).parentElement
  expect(head?.className).toBe('console-page-head')
  expect(head?.querySelector('button')?.textContent).toBe('Add a comic')
})
