import {
  defaultSettlementTerms,
  type PotRule,
  potRules,
  type SettlementTerms,
} from '../../shared/settlements'
import type { Db } from '../db/schema'

/** Where each term is kept among the settings every server process shares. */
const names = {
  sharePercent: 'settlement.share_percent',
  memberBoostCents: 'settlement.member_boost_cents',
  potRule: 'settlement.pot_rule',
} as const

const isPotRule = (value: string): value is PotRule =>
  (potRules as readonly string[]).includes(value)

/** The host's terms now: each one set, or its default. */
export async function readTerms(db: Db): Promise<SettlementTerms> {
  const rows = await db
    .selectFrom('server_settings')
    .select(['name', 'value'])
    .where('name', 'in', Object.values(names))
    .execute()
  const value = (name: string) => rows.find((row) => row.name === name)?.value
  const share = Number(value(names.sharePercent))
  const member = Number(value(names.memberBoostCents))
  const rule = value(names.potRule) ?? ''
  return {
    sharePercent:
      Number.isInteger(share) && value(names.sharePercent) !== undefined
        ? share
        : defaultSettlementTerms.sharePercent,
    memberBoostCents:
      Number.isInteger(member) && value(names.memberBoostCents) !== undefined
        ? member
        : defaultSettlementTerms.memberBoostCents,
    potRule: isPotRule(rule) ? rule : defaultSettlementTerms.potRule,
  }
}

/** Sets the terms given; returns the terms now and whether any changed. */
export async function writeTerms(
  db: Db,
  changes: Partial<SettlementTerms>,
): Promise<{ terms: SettlementTerms; changed: (keyof SettlementTerms)[] }> {
  const before = await readTerms(db)
  const changed = (Object.keys(names) as (keyof SettlementTerms)[]).filter(
    (key) => changes[key] !== undefined && changes[key] !== before[key],
  )
  for (const key of changed) {
    const value = String(changes[key])
    await db
      .insertInto('server_settings')
      .values({ name: names[key], value })
      .onConflict((oc) => oc.column('name').doUpdateSet({ value }))
      .execute()
  }
  return { terms: await readTerms(db), changed }
}
