import { expect, test } from 'vitest'
import { pageKeys, pages } from './pages'

test('every page has its own title and description, and the not-found page is last', () => {
  const titles = pageKeys.map((key) => pages[key].title)
  expect(new Set(titles).size).toBe(titles.length)
  for (const key of pageKeys) expect(pages[key].description.length).toBeGreaterThan(20)
  expect(pages[pageKeys.at(-1) ?? 'home'].path).toBe('*')
})
