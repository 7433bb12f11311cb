import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  // An upgrade's invoice paid before the refill of the period it was made in: that refill starts
  // at the tier paid for (docs/decisions/022-perks-follow-payment.md).
  await db.schema
    .alterTable('memberships')
    .addColumn('paid_upgrade_tier', 'text')
    .addColumn('paid_upgrade_at', 'timestamptz')
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('memberships')
    .dropColumn('paid_upgrade_at')
    .dropColumn('paid_upgrade_tier')
    .execute()
}
