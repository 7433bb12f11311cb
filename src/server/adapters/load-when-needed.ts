import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)

/**
 * A package loaded where it is first needed rather than by every start of the server: Stripe's
 * SDK, Redis's client, PostgreSQL's driver and nodemailer, which some stores never use and which
 * cost each start 0.1 to 0.15 s of CPU apiece (src/server/start-imports.test.ts keeps them out of
 * the start). Node keeps the module once loaded.
 */
export function loadWhenNeeded<Module>(name: 'stripe' | 'ioredis' | 'pg' | 'nodemailer'): Module {
  return require(name) as Module
}
