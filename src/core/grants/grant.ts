import type { TierId } from '../../shared/memberships'

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
}

export interface GrantComic {
  id: string
  /** The stage name. */
  name: string
}

/**
 * Who gave: a fan with a show code (its product), or a member with their member code (its tier,
 * and the name they chose to be shown by, never kept on an anonymous grant).
 */
export type Giver =
  | { kind: 'fan'; product: string }
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
  }
}

/** A show code's grant from its `redemptions` row (with its comic's id and name). */
export function codeGrantOf(row: GrantRow & { product_id: string }): GrantFacts {
  return factsOf(row, { kind: 'fan', product: row.product_id })
}

/** A member code's grant from its `member_redemptions` row and the membership's chosen name. */
export function memberGrantOf(
  row: GrantRow & { tier: TierId; display_name: string | null },
): GrantFacts {
  const name = row.anonymous ? null : row.display_name
  return factsOf(row, { kind: 'member', tier: row.tier, name })
}
