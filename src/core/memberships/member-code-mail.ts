import { findProduct } from '../../shared/catalogue'
import { formatCode } from '../../shared/code-format'
import {
  membershipTexts,
  type TierId,
  tierBoostsSentence,
  tierPerkLines,
} from '../../shared/memberships'
import { paths } from '../../shared/pages'
import { siteConfig } from '../../shared/site-config'
import { anonymousGiftHowTo } from '../../shared/texts'
import { composeMail, type MailBlock } from '../mail/compose'

/**
 * Welcomes a new member with the member code, what it grants and how to use it, and where the
 * member page is on the site at `publicUrl` (boosts left, a new code, jokes, billing): every
 * member needs the way back to it.
 */
export function memberCodeMail(to: string, tier: TierId, memberCode: string, publicUrl: string) {
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
        anonymousGiftHowTo,
      ],
    },
    ...memberPageBlocks(publicUrl),
  ])
}

/** The member page, where a member looks after the membership: signed in by a mailed link. */
function memberPageBlocks(publicUrl: string): MailBlock[] {
  return [
    { heading: 'Your member page' },
    {
      paragraph:
        'See your boosts left this month, get a new code, send the host a joke or manage billing. Sign in with this address:',
    },
    { link: { href: `${publicUrl}${paths.membership}`, label: membershipTexts.openMemberPage } },
  ]
}
