import { findProduct } from '../../shared/catalogue'
import { formatCode } from '../../shared/code-format'
import { escapeHtml } from '../../shared/escape-html'
import {
  membershipTexts,
  type TierId,
  tierBoostsSentence,
  tierPerkLines,
} from '../../shared/memberships'
import { paths } from '../../shared/pages'
import { texts } from '../../shared/texts'
import { payPageLayout, renderPayPage } from './test-checkout-page'
import { memberWelcomeTexts } from './test-checkout-texts'

/** The monthly line of a membership as the pay page lists it: "Tier 1 membership (monthly)". */
function tierLineName(tier: TierId): string {
  return `${findProduct(tier)?.name ?? tier} membership (monthly)`
}

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
    action: `/pay/membership/${encodeURIComponent(subscription)}`,
  })
}

/**
 * Once paid: what the membership gives and the way to the member page. The paying browser's
 * first view (the receipt) shows the member code and where it was mailed; later views say it
 * was mailed, and show neither.
 */
export function renderMemberPage(
  member: { tier: TierId } & ({ email: string; code: string } | { email?: never; code?: never }),
): string {
  const perks = [tierBoostsSentence(member.tier), ...tierPerkLines(member.tier)]
  const code = member.code
    ? `<p class="total" style="font-size:1.6rem"><code data-member-code>${escapeHtml(formatCode(member.code))}</code></p>
        <p>${escapeHtml(memberWelcomeTexts.mailed(member.email))}</p>`
    : `<p data-code-mailed>${escapeHtml(memberWelcomeTexts.sentByMail)}</p>`
  return payPageLayout(
    memberWelcomeTexts.heading,
    `<section class="panel" aria-labelledby="code-heading">
        <h2 id="code-heading">${escapeHtml(memberWelcomeTexts.codeLabel)}</h2>
        ${code}
        <p class="hint">${escapeHtml(memberWelcomeTexts.howTo)}</p>
      </section>
      <section class="panel" aria-labelledby="perks-heading">
        <h2 id="perks-heading">${escapeHtml(tierLineName(member.tier))}</h2>
        <ul>${perks.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>
        <p><a href="${paths.membership}">${escapeHtml(membershipTexts.openMemberPage)}</a></p>
        <p><a href="/store">${escapeHtml(texts.backToStore)}</a></p>
      </section>`,
  )
}
