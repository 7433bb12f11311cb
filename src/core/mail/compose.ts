import { escapeHtml } from '../../shared/escape-html'
import { htmlFrame, mailStyle, textFrame } from './layout-mail'
import type { MailMessage } from './mail-message'

export { mailStyle }

/** One line of a receipt: what was bought, how many, and what they came to (formatted). */
export interface ReceiptLine {
  name: string
  quantity: number
  /** The line's total, e.g. "$29.98". */
  amount: string
}

/** A receipt: the order's number and date, each line, and the total. */
export interface Receipt {
  orderId: string
  /** When it was paid, in words ("Sun, Nov 22, 4:00 PM CT"). */
  date: string
  lines: ReceiptLine[]
  total: string
  /** Its labels, in the mail's own words (the codes mail's). */
  labels: { order: string; date: string; total: string }
}

/** One piece of a mail: a paragraph, a heading, a link, a bulleted list, codes or a receipt. */
export type MailBlock =
  | { paragraph: string }
  | { link: { href: string; label: string } }
  | { heading: string }
  | { list: string[] }
  /** A numbered list: steps to take in order. */
  | { steps: readonly string[] }
  | { codes: { code: string; note: string }[] }
  | { receipt: Receipt }

/**
 * A mail in the club's layout (layout-mail.ts): the text part first (what most clients show in
 * previews), and an HTML twin with the same words, every value escaped.
 */
export function composeMail(to: string, subject: string, blocks: MailBlock[]): MailMessage {
  const text = textFrame(blocks.flatMap(textOf))
  const html = htmlFrame(subject, blocks.map(htmlOf).join('\n'))
  return { to, subject, text, html }
}

function textOf(block: MailBlock): string[] {
  if ('paragraph' in block) return [block.paragraph, '']
  if ('heading' in block) return [`${block.heading}:`]
  // Plain-text readers see the address itself: it is what they click or copy.
  if ('link' in block) return [`${block.link.label}: ${block.link.href}`, '']
  if ('list' in block) return [...block.list.map((line) => `- ${line}`), '']
  if ('steps' in block) return [...block.steps.map((line, i) => `${i + 1}. ${line}`), '']
  if ('receipt' in block) return receiptText(block.receipt)
  return [...codeLinesText(block.codes), '']
}

const p = 'margin:0 0 16px'

function htmlOf(block: MailBlock): string {
  if ('paragraph' in block) return `<p style="${p}">${escapeHtml(block.paragraph)}</p>`
  if ('heading' in block)
    return `<h2 style="margin:24px 0 8px;font-size:18px;color:${mailStyle.heading}">${escapeHtml(block.heading)}</h2>`
  if ('link' in block)
    return `<p style="${p}"><a href="${escapeHtml(block.link.href)}" style="display:inline-block;padding:10px 18px;border-radius:999px;background:${mailStyle.accent};color:${mailStyle.ink};font-weight:bold;text-decoration:none">${escapeHtml(block.link.label)}</a></p>`
  if ('list' in block)
    return `<ul style="margin:0 0 16px;padding-left:22px">${block.list.map((l) => `<li style="margin:0 0 6px">${escapeHtml(l)}</li>`).join('')}</ul>`
  if ('steps' in block)
    return `<ol style="margin:0 0 16px;padding-left:22px">${block.steps.map((l) => `<li style="margin:0 0 6px">${escapeHtml(l)}</li>`).join('')}</ol>`
  if ('receipt' in block) return receiptHtml(block.receipt)
  return codeTableHtml(block.codes)
}

/** "  ABCDE-FGHJK  Boost pack: 5 boosts" lines, as the codes mail lists them. */
export function codeLinesText(codes: { code: string; note: string }[]): string[] {
  return codes.map((c) => `  ${c.code}  ${c.note}`)
}

/**
 * The codes one under another, each large and monospaced in a dashed box with its note beneath:
 * one column, so a phone shows each code whole without scrolling sideways.
 */
export function codeTableHtml(codes: { code: string; note: string }[]): string {
  const rows = codes
    .map(
      (c) =>
        `<tr><td style="padding:0 0 12px"><div style="padding:10px 12px;border:2px dashed ${mailStyle.accent};border-radius:8px;font-family:${mailStyle.mono};font-size:22px;font-weight:bold;letter-spacing:2px;text-align:center;color:${mailStyle.text}">${escapeHtml(c.code)}</div><div style="padding:4px 2px 0;font-size:14px;color:${mailStyle.muted}">${escapeHtml(c.note)}</div></td></tr>`,
    )
    .join('')
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 8px">${rows}</table>`
}

function receiptText(receipt: Receipt): string[] {
  return [
    `${receipt.labels.order}: ${receipt.orderId}`,
    `${receipt.labels.date}: ${receipt.date}`,
    ...receipt.lines.map((line) => `  ${line.quantity} x ${line.name}  ${line.amount}`),
    `${receipt.labels.total}: ${receipt.total}`,
    '',
  ]
}

function receiptHtml(receipt: Receipt): string {
  const cell = `padding:6px 0;border-bottom:1px solid ${mailStyle.rule}`
  const lines = receipt.lines
    .map(
      (line) =>
        `<tr><td style="${cell}">${line.quantity} &times; ${escapeHtml(line.name)}</td><td align="right" style="${cell};white-space:nowrap">${escapeHtml(line.amount)}</td></tr>`,
    )
    .join('')
  return `<p style="${p};font-size:14px;color:${mailStyle.muted}">${escapeHtml(receipt.labels.order)}: <strong>${escapeHtml(receipt.orderId)}</strong><br>${escapeHtml(receipt.labels.date)}: ${escapeHtml(receipt.date)}</p>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 16px;font-size:15px">${lines}<tr><td style="padding:8px 0;font-weight:bold">${escapeHtml(receipt.labels.total)}</td><td align="right" style="padding:8px 0;font-weight:bold">${escapeHtml(receipt.total)}</td></tr></table>`
}
