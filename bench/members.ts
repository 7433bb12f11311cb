import type { Insertable } from 'kysely'
import type { MembershipsTable } from '../src/core/db/membership-tables'
import { generateMemberCode, newMembershipId } from '../src/core/ids'
import { addEvent } from '../src/core/schedule/events'
import { openDatabase } from '../src/server/adapters/db/database'

/**
 * `count` tier-3 members, paid up for a period around now, and a show that started 10 minutes
 * ago, written straight into the database a running server uses: each member code then grants
 * once at the kiosk, as members do during a show. Returns the codes and the show.
 */
export async function seedMembersAtShow(
  databaseUrl: string,
  count: number,
): Promise<{ codes: string[]; showId: string }> {
  const db = await openDatabase({ databaseUrl, dataDir: '' })
  try {
    const now = new Date()
    const show = await addEvent(
      db,
      { name: 'Bench Show', description: '', startsAt: new Date(now.getTime() - 10 * 60_000) },
      now,
    )
    const codes: string[] = []
    for (let start = 0; start < count; start += 1000) {
      const rows: Insertable<MembershipsTable>[] = []
      for (let i = start; i < Math.min(count, start + 1000); i++) {
        const code = generateMemberCode()
        codes.push(code)
        rows.push({
          id: newMembershipId(),
          email: `bench-member-${i}@example.com`,
          tier: 'membership-3',
          next_tier: null,
          status: 'active',
          provider: 'local',
          provider_customer: null,
          provider_subscription: `sub_bench_${i}_${code}`,
          member_code: code,
          display_name: null,
          period_start: new Date(now.getTime() - 86_400_000),
          period_end: new Date(now.getTime() + 29 * 86_400_000),
          period_allowance: 200,
          past_due_since: null,
          ended_at: null,
          end_reason: null,
          created_at: now,
          updated_at: now,
        })
      }
      await db.insertInto('memberships').values(rows).execute()
    }
    return { codes, showId: show.id }
  } finally {
    await db.destroy()
  }
}

/** How many member grants the database holds: every code of the run should have granted once. */
export async function countMemberGrants(databaseUrl: string): Promise<number> {
  const db = await openDatabase({ databaseUrl, dataDir: '' })
  try {
    const row = await db
      .selectFrom('member_redemptions')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst()
    return Number(row?.n ?? 0)
  } finally {
    await db.destroy()
  }
}
