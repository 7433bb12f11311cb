import { cleanFanMessage, cleanStageName } from '../../shared/fan-words'
import { jokeLimitSentence, jokeTexts } from '../../shared/jokes'
import { memberPageTexts } from '../../shared/member-page'
import type { MemberJoke, Membership } from '../db/membership-tables'
import type { Db } from '../db/schema'
import { type Refusal, refuse } from '../refusal'
import type { MembershipBilling } from './billing'
import { type SubmitJokeResult, submitJoke } from './member-jokes'
import { renewsAt } from './member-view'

/**
 * What a signed-in member asks of the member page (docs/memberships.md) beyond their view: a joke for the
 * host, the provider's billing page. A refusal is thrown in the member's words.
 */

/** Each reason submitJoke gives, as the member reads it. */
export function jokeRefusal(
  reason: Extract<SubmitJokeResult, { ok: false }>['reason'],
  membership: Membership,
): Refusal {
  switch (reason) {
    case 'empty':
      return refuse.invalid(jokeTexts.empty)
    case 'too_long':
      return refuse.invalid(jokeTexts.tooLong)
    case 'limit':
      return refuse.conflict(jokeLimitSentence(membership.tier, renewsAt(membership)))
    case 'not_member':
      return refuse.forbidden(jokeTexts.notMember)
  }
}

/** submitJoke for the member page: the joke sent, or its refusal thrown. */
export async function sendMemberJoke(
  db: Db,
  membership: Membership,
  text: string,
  now: Date,
): Promise<MemberJoke> {
  const result = await submitJoke(db, membership, text, now)
  if (!result.ok) throw jokeRefusal(result.reason, membership)
  return result.joke
}

/**
 * The provider's page where the member manages billing. None (`not-found`) with a provider that
 * has no such page or for an ended membership; before the provider has the customer (the first
 * payment's events still on their way) it is not ready yet (`conflict`), and once it has, a
 * failure is the provider's (`upstream`). `onProviderError` hears the provider's error first.
 */
export async function memberBillingUrl(
  billing: Partial<Pick<MembershipBilling, 'membershipBillingUrl'>>,
  membership: Membership,
  returnUrl: string,
  onProviderError: (error: unknown, customerKnown: boolean) => void,
): Promise<string> {
  if (!billing.membershipBillingUrl || membership.status === 'ended') {
    throw refuse.notFound(memberPageTexts.billingUnavailable)
  }
  try {
    return await billing.membershipBillingUrl(membership, returnUrl)
  } catch (error) {
    const customerKnown = Boolean(membership.provider_customer)
    onProviderError(error, customerKnown)
    throw customerKnown
      ? refuse.upstream(memberPageTexts.billingUnreachable)
      : refuse.conflict(memberPageTexts.billingNotReady)
  }
}

/**
 * The member's name on stage and the message for their next gift, cleaned (shared/fan-words.ts):
 * the grant records both and clears the message (docs/stage.md, "Names and messages").
 */
export async function saveMemberWords(
  db: Db,
  membershipId: string,
  words: { name: string; message: string },
): Promise<void> {
  const name = cleanStageName(words.name)
  const message = cleanFanMessage(words.message)
  await db
    .updateTable('memberships')
    .set({ display_name: name || null, stage_message: message || null })
    .where('id', '=', membershipId)
    .execute()
}
