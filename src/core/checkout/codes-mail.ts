import { formatCode } from '../../shared/code-format'
import { escapeHtml } from '../../shared/escape-html'
import { formatCentral } from '../../shared/show-time'
import { siteConfig } from '../../shared/site-config'
import { anonymousGiftHowTo } from '../../shared/texts'
import { codeLinesText, codeTableHtml, mailStyle } from '../mail/compose'
import type { MailMessage } from '../mail/mail-message'

export interface CodesMailInput {
  to: string
  codes: { code: string; description: string }[]
  show: { name: string; startsAt: Date }
  expiresAt: Date
}

/** The mail that carries a buyer's codes: plain text first, with a simple HTML twin. */
export function codesMail(input: CodesMailInput): MailMessage {
  const { brand, worldName, worldApp } = siteConfig
  const showLine = `${input.show.name}, ${formatCentral(input.show.startsAt)}`
  const expiry = formatCentral(input.expiresAt)
  const count = input.codes.length
  const listed = input.codes.map((c) => ({ code: formatCode(c.code), note: c.description }))
  const subject = `Your ${brand} code${count === 1 ? '' : 's'} for ${input.show.name}`
  const howTo = [
    `Redeem each code at the kiosk in ${worldName} (${worldApp}) during the show.`,
    'Type it as shown; capitals, spaces and the dash do not matter.',
    anonymousGiftHowTo,
    `The codes are valid for this show only, until ${expiry}.`,
  ]

  const text = [
    `Thanks for supporting the comics at ${brand}!`,
    '',
    `Your code${count === 1 ? '' : 's'} for ${showLine}:`,
    '',
    ...codeLinesText(listed),
    '',
    'How to redeem:',
    ...howTo.map((line) => `- ${line}`),
    '',
    `See you at the show,`,
    brand,
    '',
  ].join('\n')

  const html = `<!doctype html><html lang="en"><body style="font-family:${mailStyle.font};color:${mailStyle.text};line-height:1.5">
<h1 style="font-size:22px;color:${mailStyle.heading}">Your ${escapeHtml(brand)} code${count === 1 ? '' : 's'}</h1>
<p>Thanks for supporting the comics! For <strong>${escapeHtml(showLine)}</strong>:</p>
${codeTableHtml(listed)}
<h2 style="font-size:18px;color:${mailStyle.heading}">How to redeem</h2>
<ul>${howTo.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>
<p>See you at the show,<br>${escapeHtml(brand)}</p>
</body></html>`

  return { to: input.to, subject, text, html }
}
