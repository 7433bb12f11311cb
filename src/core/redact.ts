/**
 * What logs may say about a person: enough to recognise a case ("f***@example.com"), not enough
 * to contact or identify them. Logs travel further than the database (files, log services).
 */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf('@')
  if (at < 1) return '***'
  return `${address[0]}***${address.slice(at)}`
}

/**
 * A text that may quote addresses (an SMTP reply: "550 5.1.1 <jane.doe@example.com>: Recipient
 * address rejected") as logs and stored errors may show it: each address masked by maskEmail.
 */
export function maskEmails(text: string): string {
  return text.replace(
    /[\p{L}\p{N}.!#$%&'*+/=?^_`{|}~-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu,
    (address) => maskEmail(address),
  )
}

/** A bearer token (a checkout session id) as logs may show it: its start, enough to match. */
export function maskToken(token: string): string {
  return token.length > 12 ? `${token.slice(0, 8)}…` : '***'
}

/**
 * Ids that open what they name to whoever holds them: checkout sessions (Stripe's and the test
 * checkout's, whose success page shows the codes) and the test checkout's subscriptions (their
 * pay page). Stripe's own subscription ids open nothing without the secret key.
 */
const bearerIds = /\b(?:cs_(?:test|live|local)_|sub_local_|pending_)[0-9A-Za-z]+/g

/**
 * A text that may quote such ids (a payment provider's error message: "No such
 * checkout.session: 'cs_test_a1…'", a logged address) as logs may show it: each id shortened
 * like maskToken.
 */
export function maskSessionIds(text: string): string {
  return text.replace(bearerIds, (id) => maskToken(id))
}
