import { createHash } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import helmet from 'helmet'
import { startScript } from '../../shared/start-script'

/** The pre-rendered pages' one inline script, allowed by its hash and nothing else inline. */
const startScriptHash = createHash('sha256').update(startScript).digest('base64')

/**
 * The security headers of every page, worked out once by helmet at start-up. Running helmet's
 * middleware chain on every request halved the API's throughput (bench/, "vs bare"); its answer
 * never changes, so it is computed once and copied onto each reply.
 */
export function pageSecurityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {}
  const recorder = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value)
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()]
    },
  }
  const middleware = helmet({
    contentSecurityPolicy: {
      directives: {
        'default-src': ["'self'"],
        'img-src': ["'self'", 'data:'],
        // The how-it-works video, loaded only when a visitor presses play.
        'frame-src': ['https://www.youtube-nocookie.com'],
        // The pre-rendered pages' inline start script, by its hash (the same in every build).
        'script-src': ["'self'", `'sha256-${startScriptHash}'`],
        'style-src': ["'self'", "'unsafe-inline'"],
        'form-action': ["'self'"],
        'connect-src': ["'self'"],
        // Served over plain http on a development machine; a proxy in front adds TLS.
        'upgrade-insecure-requests': null,
      },
    },
    crossOriginEmbedderPolicy: false,
  })
  // A recorder stands in for the response: helmet only sets and removes headers on it.
  middleware({} as IncomingMessage, recorder as ServerResponse, () => {})
  headers['permissions-policy'] = permissionsPolicy
  return headers
}

/**
 * What the pages may ask the browser for: none of the devices, sensors or payment APIs (a payment
 * is Stripe's page, not the Payment Request API). Only features every current browser knows: an
 * unknown one is an error in the console. The video keeps its defaults (fullscreen, autoplay).
 */
export const permissionsPolicy = [
  'accelerometer',
  'camera',
  'geolocation',
  'gyroscope',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'usb',
]
  .map((feature) => `${feature}=()`)
  .join(', ')

/**
 * JSON answers, scripts, stylesheets and fonts are never rendered as documents, so of the page
 * headers they need only these: no content sniffing, and no use by other sites' pages.
 */
export const apiSecurityHeaders: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'cross-origin-resource-policy': 'same-origin',
}

/** JSON answers: the API, the console's API and the kiosk's short path. */
export function isApiPath(url: string): boolean {
  return url.startsWith('/api/') || url.startsWith('/admin/api/') || isKioskPath(url)
}

/** The kiosk's short path, /k/CODE, in any case. */
export function isKioskPath(url: string): boolean {
  return /^\/k(\/|\?|$)/i.test(url)
}

/**
 * The build's scripts, stylesheets and fonts (/assets/): a policy for documents means nothing on
 * them, and its kilobyte on each would count against every page's first load as the browser
 * transfers it. Pictures keep the page headers: an SVG opened on its own is a document.
 */
export function isSubresourceAsset(url: string): boolean {
  return /^\/assets\/[^?#]*\.(?:js|css|woff2?)(?:[?#]|$)/.test(url)
}

/** Every reply gets the security headers of what it is: a page, or a JSON answer or asset. */
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  const pageHeaders = pageSecurityHeaders()
  app.addHook('onRequest', (request, reply, done) => {
    const { url } = request
    reply.headers(isApiPath(url) || isSubresourceAsset(url) ? apiSecurityHeaders : pageHeaders)
    done()
  })
})
