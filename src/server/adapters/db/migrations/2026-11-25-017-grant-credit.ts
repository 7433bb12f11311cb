import { type Kysely, sql } from 'kysely'
import { lockKeys } from '../../../../core/comics/credit-rule'

/**
 * grant_credit(show): the set a grant at `show` is credited to, and its comic's stage name (both
 * null: nobody on stage, the show's pot), for a grant's own statement to call
 * (docs/decisions/024-attribution-and-settlement.md). It first takes the show's stage lock for
 * share, the advisory lock keyed by the show (lockKeys.stage) that every stage change takes for
 * update (lockShow in src/core/comics/sets.ts), so grants never wait for each other, a stage
 * change waits for the grants under way, and they for it.
 * Then it reads the open set in a statement of its own: a VOLATILE function takes a fresh
 * snapshot for each statement (READ COMMITTED), so the read sees every stage change committed
 * before the lock was held, and none can commit before the grant does.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function grant_credit(at_show text, out set_id integer, out comic text)
    language plpgsql volatile as $$
    begin
      perform pg_advisory_xact_lock_shared(${sql.raw(lockKeys.stage('at_show'))});
      select s.id, c.name into set_id, comic
      from sets s join comics c on c.id = s.comic_id
      where s.show_id = at_show and s.ended_at is null;
    end
    $$`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function grant_credit(text)`.execute(db)
}
