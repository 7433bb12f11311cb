import type { Membership } from '../../core/db/membership-tables'
import { findProduct } from '../../shared/catalogue'
import { escapeHtml } from '../../shared/escape-html'
import { memberPageTexts } from '../../shared/member-page'
import { membershipTexts, type TierId, tierIds, tierRules } from '../../shared/memberships'
import { formatUsd } from '../../shared/money'
import { pages } from '../../shared/pages'
import { csrfFormField } from '../sign-in/sign-in-session'
import { renewalFailsCard } from './membership-pay-routes'
import { payPageLayout } from './test-checkout-page'
import { manageTexts, payPageTexts, testCards } from './test-checkout-texts'

const tierName = (tier: TierId) => findProduct(tier)?.name ?? tier

export type ManageResult = keyof typeof manageTexts.done

/** The sentence that says what the last action did. */
export function resultText(result: ManageResult, membership: Membership): string {
  const text = manageTexts.done[result]
  return typeof text === 'string' ? text : text(membership)
}

/** Why the manage page is not shown: no member session, another member's, or a refused change. */
export type ManageBarred = 'signIn' | 'otherMember' | 'refused'

/** In place of the manage page: why it is not shown, and the way to the member page's sign-in. */
export function renderManageBarredPage(why: ManageBarred): string {
  const text = why === 'refused' ? memberPageTexts.forbidden : manageTexts[why]
  return payPageLayout(
    why === 'refused' ? manageTexts.heading : manageTexts.signInHeading,
    `<section class="panel">
        <p>${escapeHtml(text)}</p>
        <p><a href="${escapeHtml(pages.membership.path)}">${escapeHtml(membershipTexts.openMemberPage)}</a></p>
      </section>`,
  )
}

/**
 * GET /pay/membership/:id/manage: the membership's tier and renewal, and the three things
 * Stripe's customer portal offers: change card, switch tier, cancel at the period's end (or undo).
 * Each form carries the member session's CSRF token.
 */
export function renderManagePage(
  membership: Membership,
  csrfToken: string,
  message?: { text: string; error?: boolean },
): string {
  const base = `/pay/membership/${encodeURIComponent(membership.provider_subscription ?? membership.id)}/manage`
  const token = `<input type="hidden" name="${csrfFormField}" value="${escapeHtml(csrfToken)}">`
  const note = message
    ? message.error
      ? `<p class="error" role="alert">${escapeHtml(message.text)}</p>`
      : `<p class="notice" role="status">${escapeHtml(message.text)}</p>`
    : ''
  const summary = `<section class="panel" aria-labelledby="plan-heading">
        <h2 id="plan-heading">${escapeHtml(`${tierName(membership.tier)} membership`)}</h2>
        <p>${escapeHtml(membership.status === 'ended' ? manageTexts.ended : manageTexts.status(membership))}</p>
        <p><a href="${escapeHtml(pages.membership.path)}">${escapeHtml(pages.membership.title)}</a></p>
      </section>`
  if (membership.status === 'ended') return payPageLayout(manageTexts.heading, note + summary)
  const current = membership.next_tier ?? membership.tier
  const tiers = tierIds
    .map(
      (
        tier,
      ) => `<div><label><input type="radio" name="tier" value="${tier}"${tier === current ? ' checked' : ''}>
          ${escapeHtml(`${tierName(tier)}: ${formatUsd(findProduct(tier)?.priceCents ?? 0)} a month, ${tierRules[tier].monthlyBoosts} boosts`)}</label></div>`,
    )
    .join('\n')
  const cancel = membership.cancel_at_period_end
    ? `<input type="hidden" name="action" value="resume"><button type="submit">${escapeHtml(manageTexts.resumeSubmit)}</button>`
    : `<input type="hidden" name="action" value="cancel"><button type="submit">${escapeHtml(manageTexts.cancelSubmit)}</button>`
  return payPageLayout(
    manageTexts.heading,
    `${note}
      <p class="notice" role="note"><strong>${escapeHtml(payPageTexts.notice)}</strong>.</p>
      ${summary}
      <form class="panel" method="post" action="${escapeHtml(`${base}/card`)}">
        ${token}
        <h2>${escapeHtml(manageTexts.cardHeading)}</h2>
        <ul class="cards">
          <li><code>${escapeHtml(testCards.pays)}</code> pays</li>
          <li><code>${escapeHtml(renewalFailsCard)}</code> pays now and fails every renewal</li>
          <li><code>${escapeHtml(testCards.declined)}</code> is declined</li>
        </ul>
        <div class="field">
          <label for="card-number">Card number</label>
          <input id="card-number" name="card_number" type="text" inputmode="numeric" autocomplete="cc-number" maxlength="30" required>
        </div>
        <div class="actions"><button type="submit">${escapeHtml(manageTexts.cardSubmit)}</button></div>
      </form>
      <form class="panel" method="post" action="${escapeHtml(`${base}/tier`)}">
        ${token}
        <h2>${escapeHtml(manageTexts.tierHeading)}</h2>
        <fieldset style="border:0;padding:0;margin:0 0 1rem"><legend class="hint">${escapeHtml(manageTexts.tierLegend)}</legend>${tiers}</fieldset>
        <div class="actions"><button type="submit">${escapeHtml(manageTexts.tierSubmit)}</button></div>
      </form>
      <form class="panel" method="post" action="${escapeHtml(`${base}/cancel`)}">
        ${token}
        <h2>${escapeHtml(manageTexts.cancelHeading)}</h2>
        <div class="actions">${cancel}</div>
      </form>`,
  )
}
