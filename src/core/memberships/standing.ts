import { memberGraceMs } from '../../shared/memberships'
import type { MemberStanding } from '../../shared/operator-views'
import type { Membership } from '../db/membership-tables'

/**
 * Where a membership stands now, for what it may do:
 * - `active`: paid up, perks on.
 * - `grace`: a renewal failed less than memberGraceMs ago; perks still on.
 * - `paused`: a renewal failed longer ago; perks off until a payment lands.
 * - `ended`: cancelled, refunded or disputed; perks off for good.
 * - `incomplete`: the first payment has not landed.
 * A period that has run out without a renewal counts as paused: perks never outlive what was
 * paid for.
 */
export type MembershipStanding = MemberStanding

export function membershipStanding(
  membership: Pick<Membership, 'status' | 'past_due_since' | 'period_end'>,
  now: Date,
): MembershipStanding {
  switch (membership.status) {
    case 'ended':
      return 'ended'
    case 'incomplete':
      return 'incomplete'
    case 'past_due': {
      const since = membership.past_due_since?.getTime() ?? now.getTime()
      return now.getTime() - since < memberGraceMs ? 'grace' : 'paused'
    }
    case 'active': {
      const end = membership.period_end?.getTime()
      return end !== undefined && now.getTime() >= end + memberGraceMs ? 'paused' : 'active'
    }
  }
}

/** Whether the member's perks work now: paid up, or within the grace after a failed renewal. */
export function perksOn(standing: MembershipStanding): boolean {
  return standing === 'active' || standing === 'grace'
}
