/**
 * What logs may say about a person: enough to recognise a case ("f***@example.com"), not enough
 * to contact or identify them. Logs travel further than the database (files, log services).
 */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf('@')
  if (at < 1) return '***'
  return `${address[0]}***${address.slice(at)}`
}

/** A bearer token (a checkout session id) as logs may show it: its start, enough to match. */
export function maskToken(token: string): string {
  return token.length > 12 ? `${token.slice(0, 8)}…` : '***'
}
