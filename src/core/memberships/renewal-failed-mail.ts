import { findProduct } from '../../shared/catalogue'
import { memberGraceMs, type TierId } from '../../shared/memberships'
import { siteConfig } from '../../shared/site-config'
import { composeMail } from '../mail/compose'

const graceDays = memberGraceMs / (24 * 60 * 60_000)

/** Tells a member the renewal did not go through, how long the perks last, and where to fix it. */
export function renewalFailedMail(to: string, tier: TierId, fixCardUrl: string) {
  const tierName = findProduct(tier)?.name ?? tier
  return composeMail(to, `Your ${siteConfig.brand} membership needs a new card`, [
    {
      paragraph: `We could not take this month's payment for your ${tierName} membership. Your member code keeps working for ${graceDays} days; after that it pauses until the payment goes through.`,
    },
    { link: { href: fixCardUrl, label: 'Update your card' } },
    {
      paragraph:
        'Once it does, your boosts refill for the month and the comics hear from you again.',
    },
  ])
}
