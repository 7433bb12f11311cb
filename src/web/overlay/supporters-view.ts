import type { Supporter, SupportersEvent } from '../../shared/supporters'
import { supportersTexts } from '../../shared/supporters'

/**
 * The night's top supporters on the overlay (docs/stage.md, "Top supporters"): a panel top-left,
 * shown only while the host has turned it on and someone gave a name. Names are text
 * (textContent), never HTML.
 */

/** A `supporters` event's data, or undefined when it does not fit (checked by hand, as the rest). */
export function parseSupporters(data: string): SupportersEvent | undefined {
  let value: unknown
  try {
    value = JSON.parse(data)
  } catch {
    return undefined
  }
  if (typeof value !== 'object' || value === null) return undefined
  const { showId, overlay, supporters } = value as Record<string, unknown>
  if (typeof showId !== 'string' || typeof overlay !== 'boolean' || !Array.isArray(supporters)) {
    return undefined
  }
  const list: Supporter[] = supporters.filter(
    (entry): entry is Supporter =>
      typeof entry?.name === 'string' && entry.name !== '' && typeof entry?.boosts === 'number',
  )
  return { showId, overlay, supporters: list }
}

/** On the stage while the list shows: the alerts then keep clear of it (supporters.css). */
const supportersShownClass = 'overlay-with-supporters'

/** Adds the panel to the stage (hidden); returns what draws a list on it, or hides it. */
export function supportersPanel(stage: HTMLElement): (shown: Supporter[]) => void {
  const doc = stage.ownerDocument
  // A region of its own, named by its heading: a landmark, as axe asks of a page's content.
  const panel = doc.createElement('section')
  panel.className = 'overlay-supporters'
  panel.id = 'overlay-supporters'
  panel.hidden = true
  const heading = doc.createElement('h2')
  heading.className = 'overlay-supporters-heading'
  heading.textContent = supportersTexts.heading
  const list = doc.createElement('ol')
  list.className = 'overlay-supporters-list'
  panel.append(heading, list)
  panel.setAttribute('aria-label', supportersTexts.heading)
  stage.append(panel)
  return (shown) => {
    panel.hidden = shown.length === 0
    // While the list shows, the alerts move right of it (supporters.css): never over it.
    stage.classList.toggle(supportersShownClass, !panel.hidden)
    list.replaceChildren(
      ...shown.map((supporter) => {
        const item = doc.createElement('li')
        const name = doc.createElement('span')
        name.className = 'overlay-supporters-name'
        name.textContent = supporter.name
        const boosts = doc.createElement('span')
        boosts.className = 'overlay-supporters-boosts'
        boosts.textContent = String(supporter.boosts)
        item.append(name, boosts)
        return item
      }),
    )
  }
}
