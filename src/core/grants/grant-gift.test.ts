import { expect, test } from 'vitest'
import { findProduct, tierMemberWords } from '../../shared/catalogue'
import { type TierId, tierIds } from '../../shared/memberships'
import type { GrantFacts } from './grant'
import { giftEventOf, giftOf } from './grant-gift'

/** A member code's grant of `tier` to Lee Park, no name given. */
function memberGrant(tier: TierId, anonymous = false): GrantFacts {
  return {
    at: new Date('2026-11-22T22:40:00Z'),
    showId: 'regular-20261122T2200Z',
    setId: 1,
    comic: { id: 'cmc-lee-park', name: 'Lee Park' },
    boosts: 10,
    anonymous,
    giver: { kind: 'member', tier, name: null },
    message: null,
  }
}

test('a member with no name shown is named on the stream by their tier, as the store names it', () => {
  for (const tier of tierIds) {
    const gift = giftOf(memberGrant(tier))
    // The store's card shows the catalogue's name (store/tier-names.test.tsx): the same words.
    const storeName = findProduct(tier)?.name
    expect(gift.from).toBe(tierMemberWords(tier))
    expect(gift.text).toBe(`A ${storeName} member gave 10 boosts to Lee Park`)
  }
  // Tier 3's VIP status still tags its alert; the sentence names the tier.
  expect(giftEventOf(memberGrant('membership-3'), 10)).toMatchObject({
    vip: true,
    text: 'A Tier 3 member gave 10 boosts to Lee Park',
  })
  // Anonymous hides the tier as it hides the name.
  expect(giftOf(memberGrant('membership-3', true)).text).toBe(
    'An anonymous member gave 10 boosts to Lee Park',
  )
})
