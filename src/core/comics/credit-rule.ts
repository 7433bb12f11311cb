/**
 * Whom a grant is credited to (docs/decisions/024-attribution-and-settlement.md): the comic on
 * stage when it commits, decided inside the grant's own statement by the database function
 * grant_credit below, and the advisory lock keys that make it so. The grants that call it are
 * the kiosk's (src/core/kiosk/redeem.ts, member-fast-grant.ts, member-redeem.ts); the stage
 * changes that wait for them are in sets.ts (lockShow).
 */

/**
 * The advisory lock keys of the comics, declared here once: PostgreSQL's 64-bit hash of a name,
 * each a SQL expression. Two names that hash alike only make one wait for the other.
 */
export const lockKeys = {
  /**
   * A show's stage, from SQL naming the show's id: every stage change holds it for update
   * (lockShow), every grant for share (grant_credit), so a grant and a "next" are one after the
   * other and grants never wait for each other.
   */
  stage: (showIdSql: string) => `hashtextextended(${showIdSql}, 24)`,
  /** The roster: every comic is made, and every slug changed, under it (roster.ts, lockRoster). */
  roster: `hashtextextended('comics-roster', 24)`,
} as const

/**
 * grant_credit(show): the set a grant at `show` is credited to, its comic's id and stage name
 * (all null: nobody on stage, the show's pot), and `since`, the show's latest stage change (the
 * open set's start, or with nobody on stage the latest set's end), which the grant is stamped no
 * earlier than, so that it lies within the set it went to. It takes the show's stage lock for
 * share first, then reads in a statement of its own: a VOLATILE function takes a fresh snapshot
 * for each statement (READ COMMITTED), so the read sees every stage change committed before the
 * lock was held, and none can commit before the grant does.
 *
 * A grant stays one statement that calls it (the kiosk's rate, decision 029): that is why the
 * rule is SQL. Its text is created by migration 2026-11-29-023; changing it needs a new
 * migration that creates the function again from this text, and 023 then keeps a copy of the
 * text it created, so that a fresh database is migrated the same way step by step.
 */
export const grantCreditFunction = `
  create function grant_credit(
    at_show text, out set_id integer, out comic_id text, out comic text, out since timestamptz
  )
  language plpgsql volatile as $$
  begin
    perform pg_advisory_xact_lock_shared(${lockKeys.stage('at_show')});
    select s.id, c.id, c.name, s.started_at into set_id, comic_id, comic, since
    from sets s join comics c on c.id = s.comic_id
    where s.show_id = at_show and s.ended_at is null;
    if set_id is null then
      select max(s.ended_at) into since from sets s where s.show_id = at_show;
    end if;
  end
  $$`
