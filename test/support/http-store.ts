// A fan's purchase over HTTP against a running server, for benchmarks and multi-process tests.
/**
 * A fan's purchase over HTTP against a running server (startServer): what benchmarks and
 * multi-process tests do where app.inject cannot reach. Each call may name its client with
 * X-Forwarded-For, for servers started with TRUST_PROXY_HOPS=1 (as behind a proxy).
 */
import { findProduct, type ProductId } from '../../src/shared/catalogue'

export interface HttpOptions {
  /** The client's address, as a trusted proxy would name it. */
  client?: string
}

/** A random documentation-range address: a new fan for the per-client limits. */
export function randomClient(): string {
  const octet = () => Math.floor(Math.random() * 254) + 1
  return `10.${octet()}.${octet()}.${octet()}`
}

function headers(options: HttpOptions, extra: Record<string, string> = {}) {
  return { ...(options.client ? { 'x-forwarded-for': options.client } : {}), ...extra }
}

/** Opens a checkout of `quantity` of each product; returns its session id. */
export async function openCheckout(
  base: string,
  lines: [ProductId, number][],
  options: HttpOptions & { email?: string; stageName?: string } = {},
): Promise<string> {
  const items = lines.map(([id, quantity]) => {
    const product = findProduct(id)
    return { id, name: product?.name, price: (product?.priceCents ?? 0) / 100, quantity }
  })
  const response = await fetch(`${base}/api/create-checkout-session`, {
    method: 'POST',
    headers: headers(options, { 'content-type': 'application/json' }),
    body: JSON.stringify({
      items,
      ...(options.email ? { email: options.email } : {}),
      ...(options.stageName ? { stageName: options.stageName } : {}),
    }),
  })
  if (response.status !== 200)
    throw new Error(`checkout: ${response.status} ${await response.text()}`)
  return ((await response.json()) as { id: string }).id
}

/** Pays a test checkout with the card that pays. */
export async function payTestCheckout(base: string, sessionId: string, options: HttpOptions = {}) {
  const response = await fetch(`${base}/pay/${sessionId}`, {
    method: 'POST',
    headers: headers(options, { 'content-type': 'application/x-www-form-urlencoded' }),
    body: 'card_number=4242+4242+4242+4242',
    redirect: 'manual',
  })
  if (response.status !== 303) throw new Error(`payment: ${response.status}`)
}

/** Polls get-session as the success page does, until the codes are there. */
export async function pollCodes(
  base: string,
  sessionId: string,
  options: HttpOptions & { attempts?: number } = {},
): Promise<string[]> {
  for (let i = 0; i < (options.attempts ?? 100); i++) {
    const response = await fetch(`${base}/api/get-session?session_id=${sessionId}`, {
      headers: headers(options),
    })
    if (response.status === 200) {
      return ((await response.json()) as { codes: { code: string }[] }).codes.map((c) => c.code)
    }
    if (response.status !== 202) throw new Error(`get-session: ${response.status}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error('the order never got its codes')
}

/** One order bought, paid on the test checkout and polled until its codes exist. */
export async function buyOverHttp(
  base: string,
  lines: [ProductId, number][],
  options: HttpOptions & { email?: string; stageName?: string } = {},
): Promise<{ sessionId: string; codes: string[] }> {
  const sessionId = await openCheckout(base, lines, options)
  await payTestCheckout(base, sessionId, options)
  return { sessionId, codes: await pollCodes(base, sessionId, { ...options, attempts: 300 }) }
}

/** At least `count` codes, in orders of 99 of each code product, bought and paid in full. */
export async function buyCodesOverHttp(base: string, count: number): Promise<string[]> {
  const lines: [ProductId, number][] = ['ffr-10', 'ffr-25', 'ffr-50', 'boosts-5', 'boosts-15'].map(
    (id) => [id as ProductId, 99],
  )
  const codes: string[] = []
  while (codes.length < count) {
    codes.push(...(await buyOverHttp(base, lines, { client: randomClient() })).codes)
  }
  return codes
}
