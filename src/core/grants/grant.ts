import type { TierId } from '../../shared/memberships'
import type { MessageState } from '../../shared/moderation'

/**
 * A grant at the kiosk, as one domain event (docs/decisions/040-a-grant-is-one-event.md): what
 * the kiosk's grant statements return, show codes and member codes alike, and what the stage
 * stream, the live feed and the screens are told (grant-events.ts). A gift on any screen is made
 * from it by one function (giftOf, grant-gift.ts), live or read back from the database.
 */
export interface Grant {
  /**
   * The grant's id: the keyed hash of its record (a show code's code, a member's
   * memberGrantRecord), the kiosk's `redemption`, the same in every answer about it.
   */
  redemption: string
  /** When it was granted: within the set it was credited to (grant_credit's `since`). */
  at: Date
  /** The show; empty for a code whose order was bound to none (it reaches no stream). */
  showId: string
  /** The set open when it was granted; null: nobody was on stage, the show's pot. */
  setId: number | null
  /** The comic on stage when it was granted; null: the show's pot. */
  comic: GrantComic | null
  boosts: number
  /** The fan or member asked for an anonymous gift (a trailing 0). */
  anonymous: boolean
  giver: Giver
  /**
   * The fan's message for the comic and where it stands (docs/stage.md, "Moderation"): shown or
   * approved, it is on every screen; held, it waits for the host; rejected, never shown. Null: none.
   */
  message: GrantMessage | null
}

export interface GrantMessage {
  /** Cleaned when it was kept (shared/fan-words.ts), and again wherever it is shown. */
  text: string
  state: MessageState
}

export interface GrantComic {
  id: string
  /** The stage name. */
  name: string
}

/**
 * Who gave: a fan with a show code (its product, and the order's "Name on stage"), or a member
 * with their member code (its tier, and the name they chose). The name is the one recorded with
 * the grant, never kept on an anonymous one (null: none given, or anonymous).
 */
export type Giver =
  | { kind: 'fan'; product: string; name: string | null }
  | { kind: 'member'; tier: TierId; name: string | null }

/** A grant without its id: what a screen shows of a row it read (the live feed, the panel). */
export type GrantFacts = Omit<Grant, 'redemption'>

/** The record a member code's grant is keyed by: one grant per membership and show. */
export function memberGrantRecord(membershipId: string, showId: string): string {
  return `member:${membershipId}:${showId}`
}

/** The columns every grant row carries, as the grant statements return them and reads select. */
interface GrantRow {
  show_id: string | null
  set_id: number | null
  boosts: number
  anonymous: boolean
  /** A Date from both drivers; a string only from a JSON round trip. */
  redeemed_at: Date | string
  comic_id: string | null
  comic: string | null
  /** The name recorded with the grant: null when anonymous or none was given. */
  name: string | null
  message: string | null
  message_state: MessageState | null
}

function factsOf(row: GrantRow, giver: Giver): GrantFacts {
  return {
    at: new Date(row.redeemed_at),
    showId: row.show_id ?? '',
    setId: row.set_id,
    comic:
      row.comic_id !== null && row.comic !== null ? { id: row.comic_id, name: row.comic } : null,
    boosts: Number(row.boosts),
    anonymous: row.anonymous,
    giver,
    message:
      row.message && row.message_state ? { text: row.message, state: row.message_state } : null,
  }
}

/** An anonymous grant shows no name, whatever a row says. */
const shownName = (row: GrantRow) => (row.anonymous ? null : row.name)

/** A show code's grant from its `redemptions` row (with its comic's id and name). */
export function codeGrantOf(row: GrantRow & { product_id: string }): GrantFacts {
  return factsOf(row, { kind: 'fan', product: row.product_id, name: shownName(row) })
}

/** A member code's grant from its `member_redemptions` row. */
export function memberGrantOf(row: GrantRow & { tier: TierId }): GrantFacts {
  return factsOf(row, { kind: 'member', tier: row.tier, name: shownName(row) })
}

/** The columns of a grant's words, as every read of the grants selects them (`r`: the row). */
export const grantWordColumns = ['r.name', 'r.message', 'r.message_state'] as const
