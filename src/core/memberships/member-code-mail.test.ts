import { expect, test } from 'vitest'
import { lineMismatches } from '#test/catalogue-facts'
import { findProduct } from '../../shared/catalogue'
import { membershipTexts, tierIds } from '../../shared/memberships'
import { memberCodeMail } from './member-code-mail'

test("the member code's mail leads to the member page at the site's address", () => {
  const mail = memberCodeMail(
    'fan@example.com',
    'membership-2',
    'ABCDEFGHJKMN',
    'https://club.test',
  )
  expect(mail.text).toContain('ABCD-EFGH-JKMN')
  expect(mail.text).toContain('https://club.test/membership')
  expect(mail.html).toContain('href="https://club.test/membership"')
  expect(mail.html).toContain(membershipTexts.openMemberPage)
})

test("what the member code's mail says it gives is the tier's declaration, and nothing more", () => {
  for (const tier of tierIds) {
    const product = findProduct(tier)
    if (!product) throw new Error(`no ${tier} in the catalogue`)
    const { text } = memberCodeMail('fan@example.com', tier, 'ABCDEFGHJKMN', 'https://club.test')
    const gives = text.split('What it gives you')[1]?.split('How to use it')[0] ?? ''
    const lines = gives.split('\n').filter((line) => line.startsWith('- '))
    expect(lines.length, tier).toBeGreaterThan(0)
    expect(lineMismatches(product, lines)).toEqual([])
  }
})
