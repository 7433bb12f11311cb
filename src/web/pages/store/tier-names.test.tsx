import { render, screen } from '@testing-library/react'
import { afterEach, expect, test } from 'vitest'
import { tierMemberWords } from '../../../shared/catalogue'
import { giftSentence } from '../../../shared/gift-sentence'
import { membershipsOpenAttribute, tierIds } from '../../../shared/memberships'
import { TransitionRouter } from '../../components/transition-router'
import { StorePage } from './store-page'

/*
 * One name per tier (docs/decisions/050-one-name-per-tier.md): the name a member sees on the
 * store's card is the name the stream says when they give ("A Tier 3 member gave 10 boosts to
 * Lee Park"). core/grants/grant-gift.test.ts checks the stream's gifts take tierMemberWords.
 */
afterEach(() => {
  document.documentElement.removeAttribute(membershipsOpenAttribute)
})

test("each tier's name on the store's card is the name in the stream's sentence", async () => {
  document.documentElement.setAttribute(membershipsOpenAttribute, 'open')
  render(
    <TransitionRouter url={'/store'}>
      <StorePage redirect={() => undefined} />
    </TransitionRouter>,
  )
  const cards = await screen.findAllByRole('article')
  const names = new Map<string, string>()
  for (const tier of tierIds) {
    const words = tierMemberWords(tier)
    // The card whose heading is the name the stream says: exactly one.
    const said = /^a (.+) member$/.exec(words)?.[1] ?? ''
    const card = cards.filter((article) => article.querySelector('h3')?.textContent === said)
    expect(card, `${tier}: "${words}" names no store card`).toHaveLength(1)
    names.set(tier, said)
  }
  // Three tiers, three names.
  expect(new Set(names.values()).size).toBe(tierIds.length)
  const sentence = giftSentence({
    name: '',
    from: tierMemberWords('membership-3'),
    boosts: 10,
    comic: 'Lee Park',
    message: '',
  })
  expect(sentence).toBe(`A ${names.get('membership-3')} member gave 10 boosts to Lee Park`)
})
