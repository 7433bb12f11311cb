import { sql } from 'kysely'
import { catalogue, findProduct, type Product } from '../../shared/catalogue'
import { normalizeCode } from '../../shared/code-format'
import type { MessageState } from '../../shared/moderation'
import { prepared } from '../db/prepared'
import type { Db } from '../db/schema'
import { codeGrantOf } from '../grants/grant'
import { rateLimits, retryAfterSeconds } from '../rate-limits'
import {
  answer,
  comicField,
  type KioskAnswer,
  maxShowLength,
  type Redemption,
} from './kiosk-answer'
import type { KioskDeps } from './kiosk-deps'
import { grantedMessage, messages } from './kiosk-texts'
import { redeemMemberCode } from './member-redeem'

/** How long a player's repeat of their own redemption is answered `yours: true`. */
export const repeatWindowMs = 10 * 60 * 1000
/** Longer input than this is not a code, however it is spaced: refused before any work. */
const maxInputLength = 64

export interface Kiosk {
  /** `input` as the player typed it; `clientHash` is the keyed hash of their address. */
  redeem(input: string, clientHash: string): Promise<Redemption>
}

/** The answer to what cannot be a code, e.g. a path with a broken %-escape. */
export const invalidAnswer: KioskAnswer = answer('invalid', messages.invalid).answer

/** Boosts per product, as SQL, so the redemption record is written in the same statement. */
const boostsByProduct = sql.raw(
  `case product_id ${catalogue.map((p) => `when '${p.id}' then ${p.boosts}`).join(' ')} else 0 end`,
)

/** The grant's record as its statement returns it, with the show's name for the answer. */
interface Won {
  code: string
  show_id: string | null
  set_id: number | null
  product_id: string
  boosts: number
  anonymous: boolean
  redeemed_at: Date
  show_name: string | null
  /** The comic credited; both null: the show's pot. */
  comic_id: string | null
  comic: string | null
  /** The gift's words: the order's name on stage (none when anonymous), the code's message. */
  name: string | null
  message: string | null
  message_state: MessageState | null
}

/**
 * Redeems codes exactly once. The winning attempt is one statement: a conditional UPDATE of the
 * code (unredeemed, not voided, inside its show's window) whose RETURNING feeds the INSERT of the
 * redemption record. Of any number of simultaneous attempts, in any number of processes, one
 * updates the row; the others find it redeemed and are told so. Only when the UPDATE wins
 * nothing is the code read, to say why. The grant is credited to the comic on stage when it
 * commits (grant(), below).
 */
export function createKiosk(deps: KioskDeps): Kiosk {
  const { failures } = deps
  const maxFailures = deps.maxFailures ?? rateLimits.kioskFailures.max

  return {
    async redeem(input, clientHash) {
      // Every attempt is counted as a failure first, in one atomic step, and decided from that
      // count: of any number of attempts at once, at most maxFailures look a code up. An
      // attempt that grants takes its count back.
      const counted = await failures.hit(clientHash)
      if (counted.count > maxFailures) {
        const seconds = retryAfterSeconds(counted)
        return {
          ...answer('rate_limited', messages.rateLimited(Math.ceil(seconds / 60))),
          retryAfterSeconds: seconds,
        }
      }
      const result = await lookUp(deps, input, clientHash)
      if (result.answer.redemption !== '') await failures.release(clientHash)
      return result
    },
  }
}

/** One attempt, once it is allowed: redeems the code, or says why not. */
async function lookUp(deps: KioskDeps, input: string, clientHash: string): Promise<Redemption> {
  const typed = input.length > maxInputLength ? undefined : normalizeCode(input)
  if (!typed?.ok) return answer('invalid', messages.invalid)
  const { code, anonymous } = typed
  const now = deps.clock.now()
  if (typed.kind === 'member') {
    return (await redeemMemberCode(deps, code, anonymous)) ?? answer('not_found', messages.notFound)
  }

  const winner = await grant(deps.db, code, anonymous, clientHash, now)
  if (winner) {
    deps.onGranted?.({ ...codeGrantOf(winner), redemption: deps.redemptionId(winner.code) })
    return granted(deps, 'redeemed', grantedMessage, winner, anonymous)
  }

  const found = await deps.db
    .selectFrom('codes as c')
    .innerJoin('orders as o', 'o.id', 'c.order_id')
    .leftJoin('redemptions as r', 'r.code', 'c.code')
    .leftJoin('sets as s', 's.id', 'r.set_id')
    .leftJoin('comics as m', 'm.id', 's.comic_id')
    .select([
      'c.code',
      'c.product_id',
      'c.redeemed_at',
      'c.redeemed_anonymously',
      'c.voided_at',
      'c.expires_at',
      'o.show_name',
      'r.client_hash',
      'm.name as comic',
    ])
    .where('c.code', '=', code)
    .executeTakeFirst()
  if (!found) return answer('not_found', messages.notFound)

  const about = {
    product: found.product_id,
    show: (found.show_name ?? '').slice(0, maxShowLength),
  }
  if (found.redeemed_at) {
    const repeat =
      found.client_hash === clientHash &&
      now.getTime() - found.redeemed_at.getTime() < repeatWindowMs
    if (repeat) {
      const wasAnonymous = found.redeemed_anonymously === true
      return granted(deps, 'already_redeemed', () => messages.yours, found, wasAnonymous, true)
    }
    return answer('already_redeemed', messages.alreadyRedeemed, about)
  }
  if (found.voided_at) return answer('voided', messages.voided, about)
  // Not redeemed, not voided, and the UPDATE did not take it: outside its show's window.
  return answer('expired', messages.expired, about)
}

/**
 * The grant, credited to the comic on stage (docs/decisions/024-attribution-and-settlement.md),
 * in one statement: the code's conditional UPDATE feeds grant_credit(show)
 * (src/core/comics/credit-rule.ts), which takes the show's stage lock for share (every stage
 * change takes it for update: lockShow) and then reads the set open in a fresh snapshot; the
 * redemption records that set (none: set_id null, the show's pot). A "next" waits for the grants
 * under way and they for it, so a grant is credited to the comic on stage when it commits; grants
 * never wait for each other. The record is stamped no earlier than the show's latest stage
 * change (grant_credit's `since`), so it lies within its set even when `now` was read before a
 * change that the grant then waited for. It returns the grant as recorded, the one event the app
 * is told (core/grants/grant.ts): nothing is read back after it.
 */
async function grant(
  db: Db,
  code: string,
  anonymous: boolean,
  clientHash: string,
  now: Date,
): Promise<Won | undefined> {
  const won = await sql<Won>`${prepared}
    with won as (
      update codes c
      set redeemed_at = ${now}, redeemed_anonymously = ${anonymous}
      from orders o
      where c.code = ${code} and o.id = c.order_id
        and c.redeemed_at is null and c.voided_at is null
        and c.valid_from <= ${now} and c.expires_at > ${now}
      returning c.code, c.order_id, c.product_id, o.show_id, o.show_name, o.stage_name, c.message
    ), credit as (
      select f.set_id, f.comic_id, f.comic, f.since from won, grant_credit(won.show_id) f
    ), recorded as (
      insert into redemptions
        (code, order_id, show_id, product_id, boosts, anonymous, client_hash, redeemed_at, set_id,
          name, message, message_state)
      select code, order_id, show_id, product_id, ${boostsByProduct}, ${anonymous},
        ${clientHash}, greatest(${now}::timestamptz, (select since from credit)),
        (select set_id from credit),
        case when ${anonymous} then null else nullif(stage_name, '') end,
        nullif(message, ''), fan_message_state(message)
      from won
      returning code, show_id, set_id, product_id, boosts, anonymous, redeemed_at,
        name, message, message_state
    )
    select r.*, won.show_name, credit.comic_id, credit.comic
    from recorded r, won, credit`.execute(db)
  return won.rows[0]
}

/** The answer that grants: the product's boosts and perks, from the catalogue. */
function granted(
  deps: Pick<KioskDeps, 'redemptionId'>,
  status: 'redeemed' | 'already_redeemed',
  message: (product: Product, anonymous: boolean, comic: string) => string,
  row: Pick<Won, 'code' | 'product_id' | 'show_name' | 'comic'>,
  anonymous: boolean,
  yours = false,
): Redemption {
  const product = findProduct(row.product_id)
  const show = (row.show_name ?? '').slice(0, maxShowLength)
  if (!product) return answer(status, messages.alreadyRedeemed, { show, yours })
  const comic = comicField(row.comic)
  return answer(status, message(product, anonymous, comic), {
    product: product.id,
    boosts: product.boosts,
    perks: product.perks.join(','),
    anonymous,
    show,
    yours,
    redemption: deps.redemptionId(row.code),
    comic,
  })
}
