import { findProduct } from '../../shared/catalogue'
import { memberWelcomePath } from '../../shared/member-welcome'
import { type TierId, tierLineName } from '../../shared/memberships'
import { renderPayPage } from './test-checkout-page'

/** GET /pay/membership/:id: the membership's first month and the test checkout's card form. */
export function renderMembershipPayPage(
  subscription: string,
  tier: TierId,
  error?: string,
): string {
  const priceCents = findProduct(tier)?.priceCents ?? 0
  return renderPayPage({
    sessionId: subscription,
    lines: [{ productId: tier, name: tierLineName(tier), unitCents: priceCents, quantity: 1 }],
    totalCents: priceCents,
    error,
    action: memberWelcomePath(subscription),
  })
}
