import { findProduct } from '../../shared/catalogue'
import { formatCode } from '../../shared/code-format'
import { type TierId, tierBoostsSentence, tierPerkLines } from '../../shared/memberships'
import { siteConfig } from '../../shared/site-config'
import { composeMail } from '../mail/compose'

/** Welcomes a new member with the member code, what it grants and how to use it. */
export function memberCodeMail(to: string, tier: TierId, memberCode: string) {
  const { brand, worldName, worldApp } = siteConfig
  const tierName = findProduct(tier)?.name ?? tier
  return composeMail(to, `Your ${brand} member code`, [
    {
      paragraph: `Thanks for joining ${brand} as a ${tierName} member! Your member code works at every show for as long as your membership runs.`,
    },
    { codes: [{ code: formatCode(memberCode), note: `${tierName} membership` }] },
    { heading: 'What it gives you' },
    { list: [tierBoostsSentence(tier), ...tierPerkLines(tier)] },
    { heading: 'How to use it' },
    {
      list: [
        `Type it at the kiosk in ${worldName} (${worldApp}) during each show.`,
        'Capitals, spaces and the dashes do not matter.',
        'To send a gift as an anonymous fan, add a 0 at the end of the code.',
      ],
    },
  ])
}
