import { membershipsOpenAttribute } from '../../shared/memberships'
import { worldLinkedAttribute } from '../../shared/world'

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
 * VRCHAT_WORLD_ID set: told on <html>, where the pages' "Open the world" links read it once the
 * page runs (src/web/components/redeem-guide.tsx): without it they are never rendered.
 */
export function withWorldLinked(html: string): string {
  return html.replace(/<html\b/, `<html ${worldLinkedAttribute}="linked"`)
}
