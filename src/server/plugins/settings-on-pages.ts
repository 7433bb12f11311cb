import { membershipsOpenAttribute } from '../../shared/memberships'
import { worldLinkedAttribute, worldPath } from '../../shared/world'

/*
 * What the server's settings change on every page it sends (docs/decisions/028-settings-on-the-page-and-in-the-mail.md):
 * pages are built once, whatever the settings, and marked as they are sent.
 */

/**
 * MEMBERSHIPS=open, told on the page itself: /store is pre-rendered at build time, so the store
 * reads the switch from its <html> once hydrated, with no request of its own.
 */
export function withMembershipsOpen(html: string): string {
  return html.replace(/<html\b/, `<html ${membershipsOpenAttribute}="open"`)
}

/**
 * VRCHAT_WORLD_ID set: the pages' "Open the world" links show, by CSS alone, and lead to /world
 * (rendered without an address, so that crawlers do not follow them while no world is set).
 */
export function withWorldLinked(html: string): string {
  return html
    .replace(/<html\b/, `<html ${worldLinkedAttribute}="linked"`)
    .replaceAll(
      '<a class="button open-world-link">',
      `<a class="button open-world-link" href="${worldPath}">`,
    )
}
