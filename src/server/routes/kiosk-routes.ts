import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { redemptionId } from '../../core/ids'
import type { RedeemStatus, Redemption } from '../../core/kiosk/kiosk-answer'
import { messages } from '../../core/kiosk/kiosk-texts'
import { createKiosk } from '../../core/kiosk/redeem'
import { refusing, type ZodTypeProvider } from '../plugins/route-schemas'

/** The real HTTP status of each answer, for `POST /api/codes/redeem`. */
export const httpStatusOf: Record<RedeemStatus, number> = {
  redeemed: 200,
  already_redeemed: 409,
  not_found: 404,
  invalid: 400,
  expired: 410,
  voided: 410,
  rate_limited: 429,
  // A member code: a failed renewal or a first payment not landed asks for payment; an ended
  // membership is gone for good; no boosts left or no show on is the state of things now.
  member_paused: 402,
  member_incomplete: 402,
  member_ended: 410,
  allowance_used: 409,
  no_show_now: 409,
}

const RedeemBodySchema = refusing(z.object({ code: z.string().max(1000) }), messages.sendCodeAsJson)
/** Never refused: the world reads only a 200, and anything but one code is not a code. */
const KioskQuerySchema = z.object({ code: z.string().catch('') })

/** "/k/ABCDE-FGH23/?x" → "ABCDE-FGH23": the path after /k/, decoded, without slashes or query. */
export function codeFromKioskPath(url: string): string {
  const path = url.slice('/k'.length).split('?')[0] ?? ''
  try {
    return decodeURIComponent(path).replace(/\//g, '')
  } catch {
    // A broken %-escape: not a code, and the answer says so.
    return path
  }
}

/**
 * The kiosk's answers (docs/product.md, "Kiosk and live feed"). `GET /k/CODE` (what a fan
 * completes in the world's URL field) and `GET /api/kiosk/redeem?code=CODE` answer 200 with the
 * JSON whatever the outcome, because a VRChat world can read the text of a 200 only;
 * `POST /api/codes/redeem` is the same with real statuses, for everything else. A grant is
 * published to the app's grant events; who hears of it is the app's (src/server/app.ts).
 */
export async function kioskRoutes(app: FastifyInstance): Promise<void> {
  const { db, clock, hashClient } = app.deps
  const kiosk = createKiosk({
    db,
    clock,
    failures: app.rateLimitCounter('kioskFailures'),
    maxFailures: app.rateLimitMax('kioskFailures'),
    redemptionId: (code) => redemptionId(hashClient, code),
    onGranted: app.grants.publish,
  })

  const redeem = (request: FastifyRequest, input: string) =>
    kiosk.redeem(input, app.clientOf(request))

  const sendForWorld = (reply: FastifyReply, result: Redemption) => {
    if (result.retryAfterSeconds) reply.header('retry-after', String(result.retryAfterSeconds))
    return reply.status(200).header('cache-control', 'no-store').send(result.answer)
  }

  // Any path under /k, with or without a trailing slash, in any case: never a redirect or a 404.
  const kioskPath = async (request: FastifyRequest, reply: FastifyReply) =>
    sendForWorld(reply, await redeem(request, codeFromKioskPath(request.url)))
  // Answers are under 512 bytes: never worth compressing. No HEAD twin: a HEAD (a link checker)
  // must not redeem a code.
  const kioskRoute = { compress: false, exposeHeadRoute: false } as const
  for (const path of ['/k', '/k/*', '/K', '/K/*']) app.get(path, kioskRoute, kioskPath)

  const api = app.withTypeProvider<ZodTypeProvider>()
  api.get(
    '/api/kiosk/redeem',
    { ...kioskRoute, schema: { querystring: KioskQuerySchema } },
    async (request, reply) => sendForWorld(reply, await redeem(request, request.query.code)),
  )

  api.post(
    '/api/codes/redeem',
    { compress: false, schema: { body: RedeemBodySchema } },
    async (request, reply) => {
      const result = await redeem(request, request.body.code)
      if (result.retryAfterSeconds) reply.header('retry-after', String(result.retryAfterSeconds))
      return reply
        .status(httpStatusOf[result.answer.status])
        .header('cache-control', 'no-store')
        .send(result.answer)
    },
  )
}
