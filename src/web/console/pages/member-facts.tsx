import { findProduct } from '../../../shared/catalogue'
import { membershipStatusInWords } from '../../../shared/console'
import type { MemberSummary } from '../../../shared/operator-views'
import { StateTag, TimeText } from '../console-ui'
import './members.css'

/** What the Members list and one member's page both say about a membership. */

/** "Tier 2", as the catalogue names it. */
export function tierName(tier: MemberSummary['tier']): string {
  return findProduct(tier)?.name ?? tier
}

/** "Tier 3", and "Tier 3, then Tier 1 from the next period" while a downgrade waits. */
export function TierText({ member }: { member: Pick<MemberSummary, 'tier' | 'nextTier'> }) {
  // One element: a table cell on a phone lays out each of its children as an item of its own.
  return (
    <span>
      {tierName(member.tier)}
      {member.nextTier && (
        <span className="console-member-next">
          , then {tierName(member.nextTier)} from the next period
        </span>
      )}
    </span>
  )
}

/** The status in words, with where it stands when that says more: "Payment failed (grace period)". */
export function MemberStatus({ member }: { member: Pick<MemberSummary, 'status' | 'standing'> }) {
  return <StateTag state={member.status} label={membershipStatusInWords(member)} />
}

/** When the paid period ends, and what happens then: it renews, or the membership ends. */
export function PeriodEnd({ member }: { member: MemberSummary }) {
  if (member.status === 'ended') {
    return (
      <span>
        ended <TimeText iso={member.endedAt} />
        {member.endReason && ` (${member.endReason})`}
      </span>
    )
  }
  if (!member.periodEnd) return <span>not started</span>
  return (
    <span>
      {member.cancelAtPeriodEnd ? 'ends ' : 'renews '}
      <TimeText iso={member.periodEnd} />
      {member.cancelAtPeriodEnd && ' (cancelled at period end)'}
    </span>
  )
}

/** A member code, kept on one line (14 characters fit the narrowest phone). */
export function MemberCode({ code }: { code: string }) {
  return <code className="console-member-code">{code}</code>
}
