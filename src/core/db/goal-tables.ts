import type { ColumnType } from 'kysely'

/** Timestamps are written as Date and read back as Date (both drivers parse timestamptz). */
type Timestamp = ColumnType<Date, Date | string, Date | string>

/** The night's goal of a show (docs/stage.md): at most one row per show. */
export interface ShowGoalsTable {
  show_id: string
  boosts: number
  reward: string
  level: ColumnType<number, number | undefined, number>
  /** The highest level whose alert played: `level` once this one is reached, else lower. */
  reached_level: ColumnType<number, number | undefined, number>
  reached_at: Timestamp | null
  updated_at: Timestamp
}
