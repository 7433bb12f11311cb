import { escapeHtml } from '../../shared/escape-html'
import { publicUrlMarker } from '../../shared/page-rendering'
import { landingAnchors, lostCodesAnchor, paths } from '../../shared/pages'
import { siteConfig } from '../../shared/site-config'
import { siteTexts } from '../../shared/texts'
import { token } from './design-tokens'

/**
 * The club's one mail layout, around every mail's own blocks (compose.ts): the wordmark on the
 * club's dark stage, a heading, the content on white at most 600 px wide, and a footer with the
 * way back to the site and to "Lost your codes?". Tables for the frame, because Outlook and some
 * webmail ignore the width of anything else; every style inline, because most clients drop <style>.
 *
 * Links are written with the site-address marker: the mail worker puts its PUBLIC_URL in its
 * place when it sends (outbox.ts), so a mail queued anywhere links to the site fans use.
 */

/** Mail clients know no CSS variables: the tokens' values, inline. Mail is read on white. */
export const mailStyle = {
  font: token('--font-body').replace(/"/g, "'"),
  mono: token('--font-mono').replace(/"/g, "'"),
  text: token('--color-surface'),
  heading: token('--color-brick'),
  stage: token('--color-bg'),
  accent: token('--color-accent'),
  ink: token('--color-accent-ink'),
  muted: token('--paper-muted'),
  page: token('--paper-page'),
  paper: token('--paper'),
  rule: token('--paper-rule'),
}

/** The site's own addresses, as a mail links to them. */
export const mailLinks = {
  site: `${publicUrlMarker}${paths.home}`,
  store: `${publicUrlMarker}${paths.store}`,
  lostCodes: `${publicUrlMarker}${paths.store}#${lostCodesAnchor}`,
  findWorld: `${publicUrlMarker}${paths.home}#${landingAnchors.findWorld}`,
}

export const layoutWords = {
  signOff: ['See you at the show,', siteConfig.brand],
  footerSite: `${siteConfig.brand}: live stand-up comedy in virtual reality`,
  footerLostCodes: siteTexts.lostCodesHeading,
  footerWhy: 'You get this mail because this address was given on our site.',
} as const

/** The plain-text part's last lines: the sign-off, then the same links as the HTML footer. */
export function textFrame(body: string[]): string {
  return [
    ...body,
    ...layoutWords.signOff,
    '',
    '--',
    `${layoutWords.footerSite}: ${mailLinks.site}`,
    `${layoutWords.footerLostCodes} ${mailLinks.lostCodes}`,
    layoutWords.footerWhy,
    '',
  ].join('\n')
}

const link = (href: string, label: string, color: string) =>
  `<a href="${escapeHtml(href)}" style="color:${color};font-weight:bold;text-decoration:underline">${escapeHtml(label)}</a>`

/** The HTML part: the frame around `content` (already HTML, every value in it escaped). */
export function htmlFrame(heading: string, content: string): string {
  const s = mailStyle
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(heading)}</title>
</head>
<body style="margin:0;padding:0;background:${s.page};font-family:${s.font};color:${s.text};line-height:1.5">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:${s.page}">
<tr><td align="center" style="padding:16px 8px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;width:100%;background:${s.paper};border-radius:14px;border-collapse:separate">
<tr><td style="background:${s.stage};padding:18px 24px;border-radius:14px 14px 0 0">
<a href="${escapeHtml(mailLinks.site)}" style="color:${s.accent};font-size:24px;font-weight:bold;letter-spacing:2px;text-decoration:none">${escapeHtml(siteConfig.brand.toUpperCase())}</a>
</td></tr>
<tr><td style="padding:24px;font-size:16px;word-break:break-word">
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;color:${s.heading}">${escapeHtml(heading)}</h1>
${content}
<p style="margin:24px 0 0">${layoutWords.signOff.map(escapeHtml).join('<br>')}</p>
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid ${s.rule};font-size:13px;color:${s.muted}">
<p style="margin:0 0 8px">${link(mailLinks.site, layoutWords.footerSite, s.heading)}</p>
<p style="margin:0 0 8px">${link(mailLinks.lostCodes, layoutWords.footerLostCodes, s.heading)}</p>
<p style="margin:0">${escapeHtml(layoutWords.footerWhy)}</p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`
}
