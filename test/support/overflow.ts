import type { Page } from 'playwright-core'

/** Elements that stick out past the right edge of the window, named for the failure message. */
export async function overflowingElements(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const limit = document.documentElement.clientWidth
    const found: string[] = []
    for (const element of Array.from(document.querySelectorAll('body *'))) {
      const box = element.getBoundingClientRect()
      if (box.width === 0 || box.right <= limit + 1) continue
      // Content clipped by an ancestor (the carousel's neighbour slides) is not seen.
      let clipped = false
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        const style = getComputedStyle(parent)
        if (style.overflowX !== 'visible' && parent.getBoundingClientRect().right <= limit + 1) {
          clipped = true
          break
        }
      }
      if (clipped || getComputedStyle(element).visibility === 'hidden') continue
      found.push(`${element.tagName.toLowerCase()}.${element.className}`)
    }
    return found
  })
}
