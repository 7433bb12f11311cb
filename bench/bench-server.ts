import { type RunningServer, startServer } from '#test/server'

/**
 * The real server as the benchmarks run it: quiet logs, codes at once after payment, and one
 * trusted proxy, so each request's X-Forwarded-For is a new fan (one address would meet the
 * per-client limits at once). A proxy in front makes the test checkout reachable from elsewhere,
 * so it runs only with ALLOW_TEST_CHECKOUT (pages then carry the one-line test-mode banner).
 */
export function startBenchServer(env: Record<string, string> = {}): Promise<RunningServer> {
  return startServer({
    LOG_LEVEL: 'error',
    LOCAL_PAYMENT_DELAY_MS: '0',
    TRUST_PROXY_HOPS: '1',
    ALLOW_TEST_CHECKOUT: 'true',
    ...env,
  })
}
