// Elements that stick out of the window or their card, for the browser tests' layout checks.
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

/**
 * Elements that paint outside the card they sit in (any `.card` or schedule entry, or what
 * `cards` selects): text running past a border, a badge hanging off an edge. Named for the
 * failure message.
 */
export async function outsideTheirCards(
  page: Page,
  cards = '.card, .schedule-event',
): Promise<string[]> {
  return page.evaluate((selector) => {
    const found: string[] = []
    for (const card of Array.from(document.querySelectorAll(selector))) {
      const box = card.getBoundingClientRect()
      if (box.width === 0) continue
      for (const element of Array.from(card.querySelectorAll('*'))) {
        const inner = element.getBoundingClientRect()
        if (inner.width === 0 || inner.height === 0) continue
        if (getComputedStyle(element).visibility === 'hidden') continue
        // Off screen on purpose (a form's honeypot field): nobody sees it paint anywhere.
        if (inner.right < 0 || inner.left > window.innerWidth) continue
        // Content an ancestor inside the card scrolls or clips is not painted outside it.
        let clipped = false
        for (
          let parent = element.parentElement;
          parent && parent !== card;
          parent = parent.parentElement
        ) {
          if (getComputedStyle(parent).overflowX !== 'visible') clipped = true
        }
        if (clipped) continue
        if (inner.left < box.left - 1 || inner.right > box.right + 1) {
          found.push(`${element.tagName.toLowerCase()}.${element.className} in ${card.className}`)
        }
      }
    }
    return found
  }, cards)
}

/**
 * On a phone, where the console's tables stack into one card per row, each cell under its
 * column's name: the cells whose value does not sit in the values' column (a time or a badge
 * dropped under the label), named for the failure message. Every cell holds one value box, and
 * a row's values all start at one x, right of their labels.
 */
export async function tableValuesOutOfLine(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = []
    for (const row of Array.from(document.querySelectorAll('.data-table tbody tr'))) {
      const starts = new Set<number>()
      for (const cell of Array.from(row.querySelectorAll(':scope > td'))) {
        const label = cell.getAttribute('data-label') ?? '?'
        const value = cell.querySelector(':scope > .data-value')
        if (!value || cell.childElementCount !== 1) {
          found.push(`${label}: its value is not one box`)
          continue
        }
        const box = value.getBoundingClientRect()
        if (box.width === 0) continue
        if (box.left < cell.getBoundingClientRect().left + 40) {
          found.push(`${label}: its value sits under the label`)
        }
        starts.add(Math.round(box.left))
      }
      if (starts.size > 1) found.push(`a row's values start at ${[...starts].join(', ')} px`)
    }
    return found
  })
}

/**
 * Values read whole (the console's `.console-value`: codes, addresses, amounts, references; and
 * every state pill, `.tag`) whose text lies on more than one line: named by their text.
 */
export async function valuesBroken(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = []
    for (const element of Array.from(document.querySelectorAll('.console-value, .tag'))) {
      if (element.getBoundingClientRect().width === 0) continue
      const range = document.createRange()
      range.selectNodeContents(element)
      const lines = new Set(
        Array.from(range.getClientRects())
          .filter((rect) => rect.width > 0)
          .map((rect) => Math.round(rect.bottom)),
      )
      if (lines.size > 1) found.push(`"${element.textContent?.trim()}" on ${lines.size} lines`)
    }
    return found
  })
}

/**
 * Controls a finger misses: buttons, form fields, and links that are not words in a sentence,
 * smaller than `min` px either way (a checkbox or radio counts with its label). Named with their
 * size for the failure message.
 */
export async function smallTapTargets(page: Page, min = 44): Promise<string[]> {
  return page.evaluate((least) => {
    const found: string[] = []
    const controls = document.querySelectorAll(
      'button, select, textarea, input:not([type="hidden"]), a[href], summary',
    )
    for (const control of Array.from(controls)) {
      const style = getComputedStyle(control)
      if (style.visibility === 'hidden' || control.closest('[hidden], .visually-hidden')) continue
      let target: Element = control
      if (control instanceof HTMLInputElement && /^(checkbox|radio)$/.test(control.type)) {
        target = control.closest('label') ?? control
      }
      if (control instanceof HTMLAnchorElement) {
        // A link among words (a sentence's link) is read, not aimed at: WCAG's inline exception.
        const block = control.closest('p, li, dd, td, th, figcaption, h1, h2, h3, span')
        const own = control.textContent?.trim() ?? ''
        if (block && block !== control && (block.textContent?.trim() ?? '') !== own) continue
      }
      const box = target.getBoundingClientRect()
      if (box.width === 0 && box.height === 0) continue
      // Off screen on purpose (a skip link until focused, a form's honeypot).
      if (box.right <= 0 || box.bottom <= 0 || box.left >= window.innerWidth) continue
      if (box.width + 0.5 < least || box.height + 0.5 < least) {
        const name =
          control.getAttribute('aria-label') ?? control.textContent?.trim().slice(0, 40) ?? ''
        found.push(
          `${control.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`,
        )
      }
    }
    return found
  }, min)
}

/**
 * Controls in a list's rows (a table's, a list's items) whose names are the same from row to
 * row: "Remove", "Remove" instead of "Remove Lee Park".
 * Named for the failure message.
 */
export async function unnamedRowControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found = new Set<string>()
    const rows = document.querySelectorAll('tbody > tr, ol > li, ul > li')
    const seen = new Map<Element, Set<string>>()
    for (const row of Array.from(rows)) {
      const list = row.parentElement
      if (!list) continue
      const names = seen.get(list) ?? new Set<string>()
      seen.set(list, names)
      for (const control of Array.from(row.querySelectorAll('button, select, input'))) {
        if (control.closest('li, tr') !== row) continue
        const labelled = control.getAttribute('aria-label')
        const byLabel =
          control.id && document.querySelector(`label[for="${control.id}"]`)?.textContent
        const wrapping = control.closest('label')?.textContent
        const name = (labelled || byLabel || wrapping || control.textContent || '')
          .replace(/\s+/g, ' ')
          .trim()
        const where = (row.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 30)
        if (names.has(name)) found.add(`${control.tagName.toLowerCase()} "${name}" in "${where}"`)
        names.add(name)
      }
    }
    return [...found]
  })
}
