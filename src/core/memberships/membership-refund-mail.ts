import { findProduct } from '../../shared/catalogue'
import type { TierId } from '../../shared/memberships'
import { formatUsd } from '../../shared/money'
import { siteConfig } from '../../shared/site-config'
import { composeMail } from '../mail/compose'

/** Tells a member their payment is on its way back and that the membership has ended. */
export function membershipRefundMail(to: string, tier: TierId, amountCents: number) {
  const tierName = findProduct(tier)?.name ?? tier
  return composeMail(to, `Your ${siteConfig.brand} membership refund`, [
    {
      paragraph: `We have refunded ${formatUsd(amountCents)} for your ${tierName} membership. Your bank shows it within 5 to 10 business days.`,
    },
    {
      paragraph:
        'Your membership has ended and your member code no longer works. Boosts you gave at the shows stay given. Thank you for supporting the comics.',
    },
  ])
}
