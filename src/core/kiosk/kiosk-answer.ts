/**
 * The kiosk's answer, the same shape for a show code and a member code, so one world script
 * reads both.
 */

export const redeemStatuses = [
  'redeemed',
  'already_redeemed',
  'not_found',
  'invalid',
  'expired',
  'voided',
  'rate_limited',
  // A member code's refusals: the membership cannot grant now, or there is no show to grant at.
  'member_paused',
  'member_ended',
  'member_incomplete',
  'allowance_used',
  'no_show_now',
] as const
export type RedeemStatus = (typeof redeemStatuses)[number]

/**
 * What the kiosk reads: flat, short, every field always present, numbers as numbers (a VRChat
 * world parses it with VRCJson). `boosts` and `perks` are what this answer grants: set only for
 * `redeemed`, and for `already_redeemed` when `yours` (a repeat from the same address within
 * 10 minutes, because the first answer never reached the world). A granting answer carries the
 * redemption's id, the same in every repeat: a world grants at most once per id.
 */
export interface KioskAnswer {
  status: RedeemStatus
  /** One sentence for the wrist panel, at most 100 characters. */
  message: string
  /** The product id, e.g. "ffr-25", or a member code's tier ("membership-3"); empty when no code was found. */
  product: string
  boosts: number
  /** A comma list of perks ("vip,donor_wall"), empty when none. */
  perks: string
  anonymous: boolean
  /** The show the code belongs to; empty when no code was found. */
  show: string
  yours: boolean
  /** The redemption's id when this answer grants (12 symbols, the same in a repeat); else empty. */
  redemption: string
  /** A member code: the boosts its membership may still grant this period, after this answer; else 0. */
  left: number
  /**
   * A granting answer: the stage name of the comic it was credited to (on stage when it was
   * granted); empty when it went to the show's pot (nobody on stage) or nothing was granted.
   */
  comic: string
}

export interface Redemption {
  answer: KioskAnswer
  /** For `rate_limited`: seconds until the player may try again. */
  retryAfterSeconds?: number
}

/** Show names are cut to this in an answer, so it stays under 512 bytes. */
export const maxShowLength = 60
/** A comic's stage name is cut to this many bytes of UTF-8 in `comic`, for the same reason. */
const maxComicBytes = 60

/** The stage name as `comic` carries it: whole letters, at most 60 bytes. */
export function comicField(name: string | null | undefined): string {
  let cut = ''
  for (const letter of name ?? '') {
    if (Buffer.byteLength(cut + letter) > maxComicBytes) break
    cut += letter
  }
  return cut.trimEnd()
}

export function answer(
  status: RedeemStatus,
  message: string,
  fields: Partial<KioskAnswer> = {},
): Redemption {
  return {
    answer: {
      status,
      message,
      product: '',
      boosts: 0,
      perks: '',
      anonymous: false,
      show: '',
      yours: false,
      redemption: '',
      left: 0,
      comic: '',
      ...fields,
    },
  }
}
