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

/**
 * A request's address as logs may show it: query values masked (`?session_id=***` reads an
 * order's codes), and the secrets some paths carry shortened (a code at the kiosk's /k/CODE, a
 * checkout session at /pay/ID). Never throws: a malformed address is logged as far as it parses.
 */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?')
  const pathPart = queryAt === -1 ? url : url.slice(0, queryAt)
  const query =
    queryAt === -1
      ? ''
      : `?${url
          .slice(queryAt + 1)
          .split('&')
          .map((pair) => `${pair.split('=')[0]?.slice(0, 40) ?? ''}=***`)
          .join('&')}`
  const path = pathPart
    .replace(/^\/(k)\/([^/]{0,3})[^/]*/i, (_match, k: string, start: string) => `/${k}/${start}…`)
    .replace(/^\/pay\/([^/]+)/, (_match, id: string) => `/pay/${maskToken(id)}`)
  return `${path.slice(0, 200)}${query.slice(0, 200)}`
}
