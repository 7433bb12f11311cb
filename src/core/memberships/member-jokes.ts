import { type JokeState, jokeLength, jokeMaxLength, jokeTransitions } from '../../shared/jokes'
import { tierRules } from '../../shared/memberships'
import { stripHiddenFormatting } from '../../shared/text'
import type { MemberJoke, Membership } from '../db/membership-tables'
import { type Db, toCount } from '../db/schema'
import { inTransaction } from '../db/transaction'
import { randomBase62 } from '../ids'
import { membershipStanding, perksOn } from './standing'

/**
 * Members' custom jokes (docs/memberships.md): a member whose perks are on sends the host up to the tier's
 * `jokesPerMonth` a billing period, each at most `jokeMaxLength` characters; the host accepts,
 * performs or declines them. The words for people are in shared/jokes.ts.
 */

/** "jok_" and 20 base62 symbols: a joke's id, as the other ids of the store. */
export function newJokeId(): string {
  return `jok_${randomBase62(20)}`
}

export type SubmitJokeResult =
  | { ok: true; joke: MemberJoke }
  | { ok: false; reason: 'empty' | 'too_long' | 'limit' | 'not_member' }

// C0 controls but tab and line feed, and DEL: PostgreSQL refuses NUL, and none of them reads as
// anything on a host's screen. A carriage return goes with them, so "\r\n" is one line break.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
const controlCharacters = /[\u0000-\u0008\u000b-\u001f\u007f]/g

/** The joke as it is kept: without control characters or bidirectional overrides, trimmed. */
export function cleanJokeText(text: string): string {
  return stripHiddenFormatting(text.replace(controlCharacters, '')).trim()
}

/**
 * Sends a member's joke to the host, counted against the membership's current period. The
 * membership's row is locked while its jokes are counted, so two jokes sent at once (on any number
 * of server processes) never go past the tier's number.
 */
export async function submitJoke(
  db: Db,
  membership: Membership,
  text: string,
  now: Date,
): Promise<SubmitJokeResult> {
  const clean = cleanJokeText(text)
  if (clean.length === 0) return { ok: false, reason: 'empty' }
  if (jokeLength(clean) > jokeMaxLength) return { ok: false, reason: 'too_long' }
  return inTransaction(db, async (trx) => {
    // Read again under the lock: a renewal, a pause or an end may have come since the caller's read.
    const locked = await trx
      .selectFrom('memberships')
      .selectAll()
      .where('id', '=', membership.id)
      .forUpdate()
      .executeTakeFirst()
    if (!locked?.period_start || !perksOn(membershipStanding(locked, now))) {
      return { ok: false, reason: 'not_member' } as const
    }
    if ((await jokesLeft(trx, locked)) <= 0) return { ok: false, reason: 'limit' } as const
    const joke = await trx
      .insertInto('member_jokes')
      .values({
        id: newJokeId(),
        membership_id: locked.id,
        period_start: locked.period_start,
        text: clean,
        state: 'waiting',
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
    return { ok: true, joke } as const
  })
}

/** A member's jokes, newest first, for the member page. */
export function memberJokes(db: Db, membershipId: string): Promise<MemberJoke[]> {
  return db
    .selectFrom('member_jokes')
    .selectAll()
    .where('membership_id', '=', membershipId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute()
}

/** Jokes the member may still send this period (0 before the first period is paid). */
export async function jokesLeft(
  db: Db,
  membership: Pick<Membership, 'id' | 'tier' | 'period_start'>,
): Promise<number> {
  if (!membership.period_start) return 0
  const sent = await db
    .selectFrom('member_jokes')
    .select((eb) => eb.fn.countAll<number>().as('sent'))
    .where('membership_id', '=', membership.id)
    .where('period_start', '=', membership.period_start)
    .executeTakeFirst()
  return Math.max(0, tierRules[membership.tier].jokesPerMonth - toCount(sent?.sent))
}

/** A joke as the host sees it: its text, the member's tier and chosen name, never the address. */
export interface HostJoke extends MemberJoke {
  tier: Membership['tier']
  display_name: string | null
}

export interface ListJokesOptions {
  /** Only jokes in this state (or these states); all of them when left out. */
  state?: JokeState | readonly JokeState[] | undefined
  limit?: number | undefined
}

/**
 * Jokes for the host, oldest first: the one waiting longest is the one to read next. A host's
 * list without a state leaves out nothing.
 */
export function listJokes(db: Db, options: ListJokesOptions = {}): Promise<HostJoke[]> {
  let query = db
    .selectFrom('member_jokes')
    .innerJoin('memberships', 'memberships.id', 'member_jokes.membership_id')
    .selectAll('member_jokes')
    .select(['memberships.tier', 'memberships.display_name'])
    .orderBy('member_jokes.created_at', 'asc')
    .orderBy('member_jokes.id', 'asc')
    .limit(options.limit ?? 200)
  const states = typeof options.state === 'string' ? [options.state] : options.state
  if (states?.length) query = query.where('member_jokes.state', 'in', states)
  return query.execute()
}

/** One joke as the host sees it. */
export function findHostJoke(db: Db, id: string): Promise<HostJoke | undefined> {
  return db
    .selectFrom('member_jokes')
    .innerJoin('memberships', 'memberships.id', 'member_jokes.membership_id')
    .selectAll('member_jokes')
    .select(['memberships.tier', 'memberships.display_name'])
    .where('member_jokes.id', '=', id)
    .executeTakeFirst()
}

export type SetJokeStateResult =
  | { ok: true; joke: MemberJoke; changed: boolean }
  | { ok: false; reason: 'not_found' }
  | { ok: false; reason: 'not_allowed'; from: JokeState }

/**
 * Moves a joke to `state` when its state allows it (shared/jokes.ts `jokeTransitions`); the same
 * state again is a success that changes nothing, so a host's double click or a repeated command
 * does no harm. The joke's row is locked, so of two hosts at once the second sees the first's move.
 */
export function setJokeState(
  db: Db,
  id: string,
  state: JokeState,
  now: Date,
): Promise<SetJokeStateResult> {
  return inTransaction(db, async (trx): Promise<SetJokeStateResult> => {
    const joke = await trx
      .selectFrom('member_jokes')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst()
    if (!joke) return { ok: false, reason: 'not_found' }
    if (joke.state === state) return { ok: true, joke, changed: false }
    if (!jokeTransitions[joke.state].includes(state)) {
      return { ok: false, reason: 'not_allowed', from: joke.state }
    }
    const moved = await trx
      .updateTable('member_jokes')
      .set({ state, updated_at: now })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow()
    return { ok: true, joke: moved, changed: true }
  })
}
