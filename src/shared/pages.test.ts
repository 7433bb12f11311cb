import { expect, test } from 'vitest'
import { categories, productsIn } from './catalogue'
import { pageKeys, pages } from './pages'

test("the store preloads its first product's picture, the likely largest paint", () => {
  expect(pages.store.preloadImage).toBe(productsIn(categories[0])[0]?.image)
})

test('every page has its own title and description, and the not-found page is last', () => {
  const titles = pageKeys.map((key) => pages[key].title)
  expect(new Set(titles).size).toBe(titles.length)
  for (const key of pageKeys) expect(pages[key].description.length).toBeGreaterThan(20)
  expect(pages[pageKeys.at(-1) ?? 'home'].path).toBe('*')
})
