import { escapeHtml } from '../../shared/escape-html'
import { siteConfig } from '../../shared/site-config'
import { token } from './design-tokens'
import type { MailMessage } from './mail-message'

/**
 * Mail clients know no CSS variables: the tokens' values, inline. Mail is read on white, so the
 * text takes the site's surface colour (its darkest readable one) and headings the brick red.
 */
export const mailStyle = {
  font: token('--font-body').replace(/"/g, "'"),
  text: token('--color-surface'),
  heading: token('--color-brick'),
}

/** One piece of a mail: a paragraph, a heading, a link, a bulleted list or a table of codes. */
export type MailBlock =
  | { paragraph: string }
  | { link: { href: string; label: string } }
  | { heading: string }
  | { list: string[] }
  | { codes: { code: string; note: string }[] }

/**
 * A mail in the store's plain style: the text part first (what most clients show in previews),
 * and an HTML twin with the same words, every value escaped.
 */
export function composeMail(to: string, subject: string, blocks: MailBlock[]): MailMessage {
  const signOff = ['See you at the show,', siteConfig.brand]
  const text = [...blocks.flatMap(textOf), ...signOff, ''].join('\n')
  const html = `<!doctype html><html lang="en"><body style="font-family:${mailStyle.font};color:${mailStyle.text};line-height:1.5">
<h1 style="font-size:22px;color:${mailStyle.heading}">${escapeHtml(subject)}</h1>
${blocks.map(htmlOf).join('\n')}
<p>${signOff.map(escapeHtml).join('<br>')}</p>
</body></html>`
  return { to, subject, text, html }
}

function textOf(block: MailBlock): string[] {
  if ('paragraph' in block) return [block.paragraph, '']
  if ('heading' in block) return [`${block.heading}:`]
  // Plain-text readers see the address itself: it is what they click or copy.
  if ('link' in block) return [block.link.href, '']
  if ('list' in block) return [...block.list.map((line) => `- ${line}`), '']
  return [...codeLinesText(block.codes), '']
}

function htmlOf(block: MailBlock): string {
  if ('paragraph' in block) return `<p>${escapeHtml(block.paragraph)}</p>`
  if ('heading' in block)
    return `<h2 style="font-size:18px;color:${mailStyle.heading}">${escapeHtml(block.heading)}</h2>`
  if ('link' in block)
    return `<p><a href="${escapeHtml(block.link.href)}" style="color:${mailStyle.heading};font-weight:bold">${escapeHtml(block.link.label)}</a><br><span style="font-size:13px">${escapeHtml(block.link.href)}</span></p>`
  if ('list' in block)
    return `<ul>${block.list.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`
  return codeTableHtml(block.codes)
}

/** "  ABCDE-FGHJK  Boost pack: 5 boosts" lines, as the codes mail lists them. */
export function codeLinesText(codes: { code: string; note: string }[]): string[] {
  return codes.map((c) => `  ${c.code}  ${c.note}`)
}

/** The codes as a two-column table, the code large and monospaced. */
export function codeTableHtml(codes: { code: string; note: string }[]): string {
  const rows = codes
    .map(
      (c) =>
        `<tr><td style="font-family:monospace;font-size:18px;padding:6px 16px 6px 0"><strong>${escapeHtml(c.code)}</strong></td><td style="padding:6px 0">${escapeHtml(c.note)}</td></tr>`,
    )
    .join('')
  return `<table role="presentation" style="border-collapse:collapse">${rows}</table>`
}
