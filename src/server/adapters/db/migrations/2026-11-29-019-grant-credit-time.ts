import { type Kysely, sql } from 'kysely'
import { lockKeys } from '../../../../core/comics/credit-rule'

/**
 * grant_credit(show) also answers `since`: the show's latest stage change, read under the same
 * lock as the set: the open set's start, or with nobody on stage the latest set's end. A grant is
 * stamped no earlier than it, and a stage change no earlier than the show's latest change and
 * grant (stageTime in src/core/comics/sets.ts), so a grant credited to a set is always stamped
 * within that set, and one in the pot outside every set, whatever clock each process read before
 * it waited for the lock (docs/decisions/024-attribution-and-settlement.md). With a comic on
 * stage it reads nothing more than before (the kiosk's grant is benchmarked); the index finds a
 * show's sets for the pot's case. Migration 023's down makes this function again.
 */
export const grantCreditSince = sql`
  create function grant_credit(
    at_show text, out set_id integer, out comic text, out since timestamptz
  )
  language plpgsql volatile as $$
  begin
    perform pg_advisory_xact_lock_shared(${sql.raw(lockKeys.stage('at_show'))});
    select s.id, c.name, s.started_at into set_id, comic, since
    from sets s join comics c on c.id = s.comic_id
    where s.show_id = at_show and s.ended_at is null;
    if set_id is null then
      select max(s.ended_at) into since from sets s where s.show_id = at_show;
    end if;
  end
  $$`

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop function grant_credit(text)`.execute(db)
  await grantCreditSince.execute(db)
  await db.schema.createIndex('sets_show').on('sets').column('show_id').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('sets_show').execute()
  await sql`drop function grant_credit(text)`.execute(db)
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
