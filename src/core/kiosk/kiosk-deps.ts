import type { Clock } from '../clock'
import type { Db } from '../db/schema'
import type { Grant } from '../grants/grant'
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
  /**
   * Told of each grant, as the statement that made it returned it: the app's grant events
   * (core/grants/grant-events.ts), which the stage stream and the live feed subscribe to.
   */
  onGranted?: ((grant: Grant) => void) | undefined
}
