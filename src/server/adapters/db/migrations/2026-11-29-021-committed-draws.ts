import { createHash, randomBytes } from 'node:crypto'
import { type Kysely, sql } from 'kysely'

/**
 * Open mics' draws made checkable and places made unique (docs/comics.md, "Open mics";
 * docs/decisions/026-open-mic-sign-ups-and-the-draw.md):
 * - a lottery's seed is committed when it is set up: the seed kept secret until the draw, its
 *   SHA-256 public from the start. A lottery not drawn yet gets its seed here;
 * - a recorded draw's entries carry each sign-up's confirmation number beside its name;
 * - at most one confirmed sign-up per place of each list, checked at commit (deferred), so a list
 *   can be renumbered in any order within its transaction. Places given twice before are
 *   renumbered first, in their order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table open_mics add column draw_seed_hash text`.execute(db)
  const undrawn = await sql<{ show_id: string }>`select show_id from open_mics
    where rule = 'lottery' and drawn_at is null and draw_seed is null`.execute(db)
  for (const { show_id } of undrawn.rows) {
    const seed = randomBytes(16).toString('hex')
    const hash = createHash('sha256').update(seed).digest('hex')
    await sql`update open_mics set draw_seed = ${seed}, draw_seed_hash = ${hash}
      where show_id = ${show_id}`.execute(db)
  }
  await sql`alter table open_mics add constraint open_mics_lottery_seed
    check (rule <> 'lottery' or draw_seed is not null)`.execute(db)

  const drawn = await sql<{
    show_id: string
    draw_before: string | null
    draw_after: string | null
  }>`select
    show_id, draw_before, draw_after from open_mics where drawn_at is not null`.execute(db)
  for (const row of drawn.rows) {
    const numbers = await sql<{ id: number; confirm_seq: number }>`select id, confirm_seq
      from open_mic_signups where show_id = ${row.show_id}`.execute(db)
    const numberOf = new Map(numbers.rows.map((s) => [s.id, s.confirm_seq]))
    const numbered = (json: string) =>
      JSON.stringify(
        (JSON.parse(json) as { id: number; name: string }[]).map((e) => ({
          id: e.id,
          number: numberOf.get(e.id) ?? 0,
          name: e.name,
        })),
      )
    await sql`update open_mics set draw_before = ${numbered(row.draw_before ?? '[]')},
      draw_after = ${numbered(row.draw_after ?? '[]')} where show_id = ${row.show_id}`.execute(db)
  }

  await sql`update open_mic_signups s set position = r.n from (select id, row_number() over
      (partition by show_id, list order by position, confirm_seq, id) as n
      from open_mic_signups where state = 'confirmed' and list is not null) r
    where s.id = r.id and s.position is distinct from r.n`.execute(db)
  // An exclusion constraint, not a unique index: only a constraint can be deferred, and only an
  // exclusion constraint can leave out withdrawn sign-ups (they keep the place they left).
  await sql`alter table open_mic_signups add constraint open_mic_signups_one_per_place
    exclude using btree (show_id with =, list with =, position with =)
    where (state = 'confirmed') deferrable initially deferred`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table open_mic_signups drop constraint open_mic_signups_one_per_place`.execute(db)
  await sql`alter table open_mics drop constraint open_mics_lottery_seed`.execute(db)
  await sql`alter table open_mics drop column draw_seed_hash`.execute(db)
}
