import type { OrderLine } from '../../core/db/schema'
import { tokensCss } from '../../core/mail/design-tokens'
import { escapeHtml } from '../../shared/escape-html'
import { formatUsd } from '../../shared/money'
import { siteConfig } from '../../shared/site-config'
import { texts } from '../../shared/texts'
import { payPageTexts, testCards } from './test-checkout-texts'

export interface PayPageInput {
  sessionId: string
  lines: OrderLine[]
  totalCents: number
  /** A sentence shown above the form after a refused card. */
  error?: string | undefined
  /** Where the card form posts; the order's /pay/:id unless said (a membership's page). */
  action?: string | undefined
}

/** GET /pay/:id: the order summary and a card form that posts back to the same address. */
export function renderPayPage(input: PayPageInput): string {
  const rows = input.lines
    .map(
      (line) => `<tr>
            <th scope="row">${escapeHtml(line.name)}</th>
            <td class="num">${escapeHtml(line.quantity)}</td>
            <td class="num">${escapeHtml(formatUsd(line.unitCents * line.quantity))}</td>
          </tr>`,
    )
    .join('\n          ')
  const error = input.error
    ? `<p class="error" id="card-error" role="alert">${escapeHtml(input.error)}</p>`
    : ''
  const describedBy = input.error ? 'card-help card-error' : 'card-help'
  const action = input.action ?? `/pay/${encodeURIComponent(input.sessionId)}`

  return payPageLayout(
    'Checkout',
    `<p class="notice" role="note"><strong>${escapeHtml(payPageTexts.notice)}</strong>. Nothing is charged: use one of these test cards.</p>
      <ul class="cards">
        <li><code>${escapeHtml(testCards.pays)}</code> pays</li>
        <li><code>${escapeHtml(testCards.declined)}</code> is declined</li>
        <li><code>${escapeHtml(testCards.insufficientFunds)}</code> has insufficient funds</li>
      </ul>
      <section class="panel" aria-labelledby="summary-heading">
        <h2 id="summary-heading">Your order</h2>
        <table>
          <thead><tr><th scope="col">Item</th><th scope="col" class="num">Qty</th><th scope="col" class="num">Amount</th></tr></thead>
          <tbody>
          ${rows}
          </tbody>
          <tfoot><tr><th scope="row" colspan="2">Total (USD)</th><td class="num total">${escapeHtml(formatUsd(input.totalCents))}</td></tr></tfoot>
        </table>
      </section>
      <form class="panel" method="post" action="${escapeHtml(action)}">
        <h2>Card details</h2>
        ${error}
        <div class="field">
          <label for="card-number">Card number</label>
          <input id="card-number" name="card_number" type="text" inputmode="numeric" autocomplete="cc-number" maxlength="30" required aria-describedby="${describedBy}"${input.error ? ' aria-invalid="true"' : ''}>
          <p class="hint" id="card-help">For example ${escapeHtml(testCards.pays)}.</p>
        </div>
        <div class="row">
          <div class="field">
            <label for="card-expiry">Expiry (MM/YY, optional)</label>
            <input id="card-expiry" name="expiry" type="text" inputmode="numeric" autocomplete="cc-exp" maxlength="7">
          </div>
          <div class="field">
            <label for="card-cvc">CVC (optional)</label>
            <input id="card-cvc" name="cvc" type="text" inputmode="numeric" autocomplete="cc-csc" maxlength="4">
          </div>
        </div>
        <div class="actions">
          <button type="submit">Pay</button>
          <a href="/store">Cancel</a>
        </div>
      </form>`,
  )
}

/** An unknown or malformed checkout address. */
export function renderPayNotFoundPage(): string {
  return payPageLayout(
    'Checkout not found',
    `<section class="panel">
        <p>${escapeHtml(payPageTexts.notFound)}</p>
        <p><a href="/store">${escapeHtml(texts.backToStore)}</a></p>
      </section>`,
  )
}

/**
 * The test checkout's page around `body`: the site's brand, tokens and this page's few rules;
 * with `description`, the page's one-line summary for whoever shows a link to it. A page with a
 * `canonical` address is one for search engines to list; every other page asks not to be listed
 * (it is one buyer's, or carries a private link).
 */
export function payPageLayout(
  heading: string,
  body: string,
  description?: string,
  canonical?: string,
): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    ${canonical ? `<link rel="canonical" href="${escapeHtml(canonical)}">` : '<meta name="robots" content="noindex">'}${
      description
        ? `
    <meta name="description" content="${escapeHtml(description)}">`
        : ''
    }
    <link rel="icon" href="/favicon.svg" type="image/svg+xml">
    <title>${escapeHtml(`${heading} · ${siteConfig.brand}`)}</title>
    <style>${styles}</style>
  </head>
  <body>
    <header><a class="brand" href="/">${escapeHtml(siteConfig.brand)}</a></header>
    <main>
      <h1>${escapeHtml(heading)}</h1>
      ${body}
    </main>
  </body>
</html>
`
}

// The site's own tokens (tokens.css, via design-tokens.ts), then this page's few rules: it
// lives outside the React app; CSP allows inline styles but not inline scripts, and it needs none.
const styles = `${tokensCss}
*, *::before, *::after { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; color: var(--color-text); line-height: 1.55;
  font-family: var(--font-body);
  background: radial-gradient(ellipse 80% 50% at 50% -10%, rgb(255 181 71 / 0.18), transparent 70%), var(--color-bg); }
header { padding: 1rem; max-width: 34rem; margin: 0 auto; }
.brand { color: var(--color-accent); font-weight: 800; font-size: 1.25rem; letter-spacing: 0.04em; text-decoration: none;
  text-transform: uppercase; }
main { max-width: 34rem; margin: 0 auto; padding: 0 1rem 3rem; }
h1 { font-size: 2rem; margin: 0.5rem 0 1rem; }
h2 { font-size: 1.15rem; margin: 0 0 0.75rem; }
a { color: var(--color-accent); }
a:hover { color: var(--color-accent-strong); }
:focus-visible { outline: 3px solid var(--color-accent); outline-offset: 2px; }
.notice { margin: 0 0 0.5rem; padding: 0.75rem 1rem; border: 2px dashed var(--color-accent); border-radius: var(--radius-small);
  background: var(--color-surface-2); }
.cards { margin: 0 0 1.25rem; padding-left: 1.25rem; color: var(--color-muted); }
code { font-family: var(--font-mono); color: var(--color-text); }
.panel { background: var(--color-surface); border: 1px solid var(--color-border); border-radius: var(--radius); padding: 1.25rem;
  margin-bottom: 1.25rem; box-shadow: var(--shadow); }
table { width: 100%; border-collapse: collapse; }
th, td { padding: 0.5rem 0.25rem; text-align: left; border-bottom: 1px solid var(--color-border); }
thead th { color: var(--color-muted); font-weight: 600; font-size: 0.9rem; }
tfoot th, tfoot td { border-bottom: 0; font-weight: 700; }
.num { text-align: right; white-space: nowrap; }
.total { color: var(--color-accent); font-size: 1.15rem; }
.field { display: flex; flex-direction: column; gap: 0.35rem; margin-bottom: 1rem; flex: 1 1 8rem; }
.row { display: flex; flex-wrap: wrap; gap: 0 1rem; }
label { font-weight: 600; }
input { font: inherit; color: var(--color-text); background: var(--color-bg-deep); border: 1px solid var(--color-border-strong); border-radius: var(--radius-small);
  padding: 0.65rem 0.75rem; width: 100%; }
input[aria-invalid="true"] { border-color: var(--color-danger); }
.hint { margin: 0; color: var(--color-muted); font-size: 0.9rem; }
.error { margin: 0 0 1rem; padding: 0.65rem 0.75rem; border-left: 4px solid var(--color-danger); color: var(--color-danger);
  background: var(--color-surface-2); font-weight: 600; }
.actions { display: flex; flex-wrap: wrap; align-items: center; gap: 1rem 1.5rem; }
button { font: inherit; font-weight: 800; color: var(--color-accent-ink); background: var(--color-accent); border: 0;
  border-radius: var(--radius-pill); padding: 0.75rem 2.25rem; cursor: pointer; min-height: 44px; }
button:hover { background: var(--color-accent-strong); }
`
