import type { Clock } from '../clock'
import type { Db } from '../db/schema'
import type { WindowCounter } from '../rate-limits'

/** What redeeming a code needs, shared by show codes (redeem.ts) and member codes (member-redeem.ts). */
export interface KioskDeps {
  db: Db
  clock: Clock
  /** Counts each player's failed attempts (rateLimits.kioskFailures). */
  failures: WindowCounter
  /** Failed attempts allowed per window; the table's unless a test says otherwise. */
  maxFailures?: number | undefined
  /**
   * The id of a code's redemption, the same in every answer about it (core/ids.ts). A member
   * code's grant is keyed "member:MEMBERSHIP:SHOW", so a world grants it once per show.
   */
  redemptionId: (code: string) => string
  /** Told after each grant, e.g. to refresh the live feed and send the stage its gift. */
  onRedeemed?: ((grant: Grant) => void) | undefined
}

/**
 * What the kiosk tells the stage after a grant: which record to read, never its code on the
 * wire. A show code's redemption is keyed by its code, a member's by membership and show.
 */
export type GiftKey =
  | { kind: 'code'; code: string }
  | { kind: 'member'; membershipId: string; showId: string }

/** A grant, as the stage reads its gift back: the show and the record, never sent on. */
export interface Grant {
  showId: string
  key: GiftKey
}
