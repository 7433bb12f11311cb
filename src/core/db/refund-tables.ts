import type { ColumnType, Generated, Selectable } from 'kysely'

/** Timestamps are written as Date and read back as Date (both drivers parse timestamptz). */
type Timestamp = ColumnType<Date, Date | string, Date | string>

/** A part of an order refunded by the host (migration 028, decision 046). */
export interface OrderRefundsTable {
  id: Generated<number>
  order_id: string
  cents: number
  /** The order's refunded total before this refund. */
  before_cents: number
  include_redeemed: boolean
  /** 'asking' while the provider is asked, 'done' once it refunded. */
  state: 'asking' | 'done'
  created_at: Timestamp
  done_at: Timestamp | null
}

export type OrderRefund = Selectable<OrderRefundsTable>
