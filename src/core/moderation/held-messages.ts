import {
  type MessageDecision,
  type ModerationMode,
  moderationTexts,
  wordList,
  wordListLimits,
} from '../../shared/moderation'
import type { HeldMessage, MessageDecided, ModerationView } from '../../shared/moderation-operator'
import type { Db } from '../db/schema'
import { codeGrantOf, type GrantFacts, grantWordColumns, memberGrantOf } from '../grants/grant'
import { giftEventOf, giftOf } from '../grants/grant-gift'
import { randomBase62 } from '../ids'
import { refuse } from '../refusal'
import { markEventId, showTotal } from '../stage-stream/gifts'
import { publishStage } from '../stage-stream/publish'
import { wordListPattern } from './message-rule'

/** The held messages the console lists at most, newest first. */
const heldShown = 50

/** A held message's grant: a show code's (`c:CODE`) or a member code's (`m:MEMBERSHIP:SHOW`). */
type HeldKey =
  | { kind: 'code'; code: string }
  | { kind: 'member'; membershipId: string; showId: string }

function keyOf(id: string): HeldKey | undefined {
  const [kind, first, ...rest] = id.split(':')
  if (kind === 'c' && first && rest.length === 0) return { kind: 'code', code: first }
  if (kind === 'm' && first && rest.length > 0) {
    return { kind: 'member', membershipId: first, showId: rest.join(':') }
  }
  return undefined
}

const codeRows = (db: Db) =>
  db
    .selectFrom('redemptions as r')
    .leftJoin('sets as s', 's.id', 'r.set_id')
    .leftJoin('comics as c', 'c.id', 's.comic_id')
    .select(['r.code', 'r.show_id', 'r.set_id', 'r.product_id', 'r.boosts', 'r.anonymous'])
    .select(['r.redeemed_at', 'c.id as comic_id', 'c.name as comic', ...grantWordColumns])

const memberRows = (db: Db) =>
  db
    .selectFrom('member_redemptions as r')
    .leftJoin('sets as s', 's.id', 'r.set_id')
    .leftJoin('comics as c', 'c.id', 's.comic_id')
    .select(['r.membership_id', 'r.show_id', 'r.set_id', 'r.tier', 'r.boosts', 'r.anonymous'])
    .select(['r.redeemed_at', 'c.id as comic_id', 'c.name as comic', ...grantWordColumns])

function heldOf(id: string, grant: GrantFacts): HeldMessage {
  return {
    id,
    at: grant.at.toISOString(),
    gift: giftOf(grant).text,
    message: grant.message?.text ?? '',
  }
}

/** The mode, the word list and the messages waiting, newest first. */
export async function readModeration(db: Db): Promise<ModerationView> {
  const [settings, codes, members] = await Promise.all([
    db.selectFrom('stage_moderation').select(['mode', 'words']).executeTakeFirst(),
    codeRows(db)
      .where('r.message_state', '=', 'held')
      .orderBy('r.redeemed_at', 'desc')
      .limit(heldShown)
      .execute(),
    memberRows(db)
      .where('r.message_state', '=', 'held')
      .orderBy('r.redeemed_at', 'desc')
      .limit(heldShown)
      .execute(),
  ])
  const held = [
    ...codes.map((row) => heldOf(`c:${row.code}`, codeGrantOf(row))),
    ...members.map((row) => heldOf(`m:${row.membership_id}:${row.show_id}`, memberGrantOf(row))),
  ]
    .sort((a, b) => b.at.localeCompare(a.at))
    .slice(0, heldShown)
  return {
    mode: settings?.mode ?? 'words',
    words: parseWords(settings?.words ?? '[]'),
    held,
  }
}

function parseWords(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json)
    return Array.isArray(value) ? value.filter((word) => typeof word === 'string') : []
  } catch {
    return []
  }
}

/** A new mode, a new word list, or both; the list kept as the grants' statements match it. */
export async function setModeration(
  db: Db,
  change: { mode?: ModerationMode | undefined; words?: string[] | undefined },
): Promise<void> {
  if (!change.mode && !change.words) throw refuse.invalid(moderationTexts.nothingToChange)
  const words = change.words === undefined ? undefined : wordList(change.words)
  if (words && words.length > wordListLimits.maxWords) {
    throw refuse.invalid(moderationTexts.tooManyWords)
  }
  if (words?.some((word) => [...word].length > wordListLimits.maxWordLength)) {
    throw refuse.invalid(moderationTexts.wordTooLong)
  }
  await db
    .updateTable('stage_moderation')
    .set({
      ...(change.mode ? { mode: change.mode } : {}),
      ...(words ? { words: JSON.stringify(words), pattern: wordListPattern(words) } : {}),
    })
    .where('id', '=', true)
    .execute()
}

/**
 * The host's decision on a held message, once: approved, it shows from now on everywhere (the
 * feed, the board, the panel) and follows on the stream as its own short alert; rejected, it is
 * never shown. A message decided already, or not waiting, is refused and nothing changes.
 */
export async function decideMessage(
  db: Db,
  id: string,
  decision: MessageDecision,
  now: Date,
): Promise<MessageDecided & { grant: GrantFacts }> {
  const key = keyOf(id)
  if (!key) throw refuse.notFound(moderationTexts.notFound)
  const state = decision === 'approve' ? 'approved' : 'rejected'
  const changed =
    key.kind === 'code'
      ? await db
          .updateTable('redemptions')
          .set({ message_state: state })
          .where('code', '=', key.code)
          .where('message_state', '=', 'held')
          .returning('code')
          .executeTakeFirst()
      : await db
          .updateTable('member_redemptions')
          .set({ message_state: state })
          .where('membership_id', '=', key.membershipId)
          .where('show_id', '=', key.showId)
          .where('message_state', '=', 'held')
          .returning('membership_id')
          .executeTakeFirst()
  const grant = await readGrant(db, key)
  if (!grant?.message) throw refuse.notFound(moderationTexts.notFound)
  if (!changed) throw refuse.conflict(moderationTexts.alreadyDecided)
  if (state === 'approved' && grant.showId) {
    const data = {
      ...giftEventOf(grant, await showTotal(db, grant.showId)),
      followUp: true as const,
    }
    await publishStage(db, [{ id: markEventId(now, randomBase62(10)), event: 'message', data }])
  }
  return {
    id,
    state,
    said: state === 'approved' ? moderationTexts.approved : moderationTexts.rejected,
    grant,
  }
}

async function readGrant(db: Db, key: HeldKey): Promise<GrantFacts | undefined> {
  if (key.kind === 'code') {
    const row = await codeRows(db).where('r.code', '=', key.code).executeTakeFirst()
    return row && codeGrantOf(row)
  }
  const row = await memberRows(db)
    .where('r.membership_id', '=', key.membershipId)
    .where('r.show_id', '=', key.showId)
    .executeTakeFirst()
  return row && memberGrantOf(row)
}
