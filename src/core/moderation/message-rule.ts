import { wordList } from '../../shared/moderation'

/**
 * Whether a fan's message shows at once or waits for the host, decided inside the grant's own
 * statement (a grant stays one statement: docs/decisions/042-fans-words-on-the-stage.md) by the
 * database function fan_message_state below, from the one row of `stage_moderation`: the mode
 * and the word list as one case-insensitive pattern. Migration 2026-11-29-024 creates it from
 * this text; a change to the rule is a new migration that creates it again.
 */
export const fanMessageStateFunction = `
  create function fan_message_state(message text) returns text
  language sql stable as $$
    select case
      when message is null or message = '' then null
      when m.mode = 'hold' then 'held'
      when m.pattern <> '' and message ~* m.pattern then 'held'
      else 'shown'
    end
    from stage_moderation m
    where m.id
  $$`

/** A word as PostgreSQL's regular expressions read it literally; its spaces match any spacing. */
function literal(word: string): string {
  return word.replace(/[\\^$.|?*+()[\]{}]/g, '\\$&').replace(/ /g, '\\s+')
}

/**
 * The list as one pattern for `~*`: each word or phrase at the start of a word (`\m`), so "shit"
 * catches "shitty" and not "mishit". Empty when the list is.
 */
export function wordListPattern(words: readonly string[]): string {
  const listed = wordList(words)
  return listed.length === 0 ? '' : `\\m(?:${listed.map(literal).join('|')})`
}
