import type { ColumnType, Generated, Insertable, Kysely, Selectable } from 'kysely'
import type { ProductId } from '../../shared/catalogue'
import type { OrderStatus } from '../../shared/operator-views'
import type {
  ComicPageChangesTable,
  ComicPicturesTable,
  ComicSlugRedirectsTable,
  ComicsTable,
  LineupsTable,
  SetRef,
  SetsTable,
} from './comic-tables'
import type { ShowGoalsTable } from './goal-tables'
import type { MembershipTables } from './membership-tables'
import type { GrantWordsColumns, ModerationTables } from './moderation-tables'
import type { OpenMicTables } from './open-mic-tables'
import type { OrderRefundsTable } from './refund-tables'
import type { ReminderTables } from './reminder-tables'
import type { SettlementTables } from './settlement-tables'

/** Timestamps are written as Date and read back as Date (both drivers parse timestamptz). */
type Timestamp = ColumnType<Date, Date | string, Date | string>

/** An order's status (its rules beside the type, in shared/operator-views.ts). */
export type { OrderStatus }

/** One priced line of an order, priced by the server from the catalogue. */
export interface OrderLine {
  productId: ProductId
  name: string
  unitCents: number
  quantity: number
}

export interface OrdersTable {
  id: string
  /** The payment provider's checkout session id; the success page polls with it. */
  session_id: string
  provider: 'local' | 'stripe'
  status: OrderStatus
  email: string | null
  lines: ColumnType<OrderLine[], string, string>
  total_cents: number
  created_at: Timestamp
  paid_at: Timestamp | null
  fulfilled_at: Timestamp | null
  /** The show (events.id) the order is bound to, fixed when it is fulfilled. */
  show_id: string | null
  /** The show's name and start as they were when the order was bound to it. */
  show_name: string | null
  show_starts_at: Timestamp | null
  /** The provider's payment reference (Stripe's payment intent; the session id for the test checkout). */
  payment_ref: string | null
  /** What the provider says was paid, in its smallest unit and lower-case currency. */
  paid_cents: number | null
  paid_currency: string | null
  /** Why a paid order was flagged instead of fulfilled. */
  flag_reason: string | null
  /** Money given back so far (partial refunds add up here). */
  refunded_cents: Generated<number>
  /** When the order was fully refunded or disputed and its codes voided. */
  reversed_at: Timestamp | null
  /** The buyer's "Name on stage" for the order's gifts, cleaned (shared/fan-words.ts); null: "a fan". */
  stage_name: ColumnType<string | null, string | null | undefined, string | null>
  /** The buyer's time zone from their browser (migration 028); null: not known. */
  time_zone: ColumnType<string | null, string | null | undefined, string | null>
}

export interface CodesTable {
  /** 10 symbols, stored without the dash. */
  code: string
  order_id: string
  /** 0, 1, 2... within its order: (order_id, seq) is unique, so fulfilment cannot run twice. */
  seq: number
  product_id: ProductId
  description: string
  valid_from: Timestamp
  expires_at: Timestamp
  redeemed_at: Timestamp | null
  redeemed_anonymously: boolean | null
  /** Set when the order is refunded or disputed; a voided code no longer redeems. */
  voided_at: Timestamp | null
  /** Why it was voided: 'refund', 'dispute'... */
  void_reason: string | null
  /** The fan's message for the comic, cleaned; editable on /success until the code is redeemed. */
  message: ColumnType<string | null, string | null | undefined, string | null>
  /** The partial refund that paid this code back (migration 028); null: none. */
  refund_id: ColumnType<number | null, number | null | undefined, number | null>
}

export interface MailOutboxTable {
  id: Generated<number>
  /** Makes queuing idempotent: e.g. "codes:ord_..." is queued once, however often fulfilment runs. */
  dedupe_key: string
  to_address: string
  subject: string
  text_body: string
  html_body: string | null
  /** Where the reader's Reply goes (the contact mail: the fan who wrote); null: the sender. */
  reply_to: string | null
  created_at: Timestamp
  attempts: Generated<number>
  next_attempt_at: Timestamp
  sent_at: Timestamp | null
  last_error: string | null
  /** The outbox gave up on it (refused, or 3 days of failures); `mail retry` clears it. */
  failed_at: Timestamp | null
  headers: ColumnType<string | null, string | null | undefined, string | null>
}

/**
 * A "Lost your codes?" request waiting for the mail worker, which looks the address up and deletes
 * the row in one transaction: the answer never waits for (or times) the lookup.
 */
export interface ResendRequestsTable {
  id: Generated<number>
  /** As the fan typed it (the mail goes to it); kept only until the worker runs. */
  email: string
  /** "resend:<address in lower case>:<minute>": a double click makes one request, and one mail. */
  dedupe_key: string
  requested_at: Timestamp
}

export type EventSource = 'regular' | 'operator'

export interface EventsTable {
  /** "regular-20261122T2200Z" for a seeded regular show, "evt-..." for an operator's event. */
  id: string
  name: string
  /** The first line is the one-line pitch the landing page shows. */
  description: string
  starts_at: Timestamp
  source: EventSource
  created_at: Timestamp
  updated_at: Timestamp
  /** Set when the operator removes the event; kept so seeding does not bring it back. */
  removed_at: Timestamp | null
  /** Its revision for calendar apps (iCalendar's SEQUENCE): one more each time the show moves. */
  sequence: Generated<number>
}

export interface ContactMessagesTable {
  id: Generated<number>
  name: string
  email: string
  message: string
  created_at: Timestamp
  /** A hash of the sender's IP address: enough to spot a flood from one client, no raw address. */
  client_hash: string | null
}

/** One per redeemed code: what the live feed sums and lists. */
export interface RedemptionsTable extends GrantWordsColumns {
  code: string
  order_id: string
  /** The event (events.id) the order was bound to. */
  show_id: string | null
  product_id: ProductId
  boosts: number
  anonymous: boolean
  /** Keyed hash of the player's address (client-hash.ts): lets the same player repeat. */
  client_hash: string
  redeemed_at: Timestamp
  /** The set it was credited to when granted (the comic on stage); null: the show's pot. */
  set_id: SetRef
}

/** Refunds and disputes the provider reported, by payment (see checkout/refunds.ts). */
export interface PaymentReversalsTable {
  payment_ref: string
  /** The provider's running total of money refunded on this payment. */
  refunded_cents: Generated<number>
  fully_refunded_at: Timestamp | null
  disputed_at: Timestamp | null
  updated_at: Timestamp
}

/** Who a sign-in link and its session are for (core/sign-in/audience.ts). */
export type SignInAudienceName = 'console' | 'member' | 'comic'

/**
 * A sign-in link asked for and not yet answered: the request does this one insert whatever the
 * address, and the mail worker decides whether it may sign in (core/sign-in/requests.ts).
 */
export interface SignInRequestsTable {
  id: Generated<number>
  audience: SignInAudienceName
  /** In lower case; kept only until the worker takes the request. */
  email: string
  requested_at: Timestamp
}

/** A one-time sign-in link, of any audience (core/sign-in/links.ts). */
export interface ConsoleLinksTable {
  /** SHA-256 of the link's token: the token itself is only in the mail. */
  token_hash: string
  email: string
  /** Who the link signs in: a host to the console, or a member to the member page (migration 011). */
  audience: ColumnType<SignInAudienceName, SignInAudienceName | undefined, SignInAudienceName>
  created_at: Timestamp
  expires_at: Timestamp
  /** Set by the one sign-in it allows. */
  used_at: Timestamp | null
}

/** A signed-in session, of any audience: the cookie holds the id, the database its hash. */
export interface ConsoleSessionsTable {
  id_hash: string
  email: string
  audience: ColumnType<SignInAudienceName, SignInAudienceName | undefined, SignInAudienceName>
  /** Sent back with every change (x-csrf-token): another site cannot know it. */
  csrf_token: string
  created_at: Timestamp
  expires_at: Timestamp
  /** Set by "Sign out". */
  ended_at: Timestamp | null
}

/** One operator action, through the console or the command line. */
export interface AuditLogTable {
  id: Generated<number>
  at: Timestamp
  /** The console's signed-in address, or the machine user who ran the command. */
  actor: string
  /** 'comic': a comic on their own page (the actor is the address they signed in with). */
  via: 'console' | 'cli' | 'comic'
  /** "events.add", "orders.refund", "console.sign-in"... */
  action: string
  /** "order", "event", "mail", "code"... */
  target_type: string | null
  target_id: string | null
  /** What was done, in a line. */
  summary: string
}

/** Values every server process shares, e.g. 'server_secret' (see client-hash.ts). */
export interface ServerSettingsTable {
  name: string
  value: string
}

export interface Database
  extends MembershipTables,
    ModerationTables,
    OpenMicTables,
    ReminderTables,
    SettlementTables {
  orders: OrdersTable
  codes: CodesTable
  order_refunds: OrderRefundsTable
  mail_outbox: MailOutboxTable
  events: EventsTable
  contact_messages: ContactMessagesTable
  server_settings: ServerSettingsTable
  redemptions: RedemptionsTable
  payment_reversals: PaymentReversalsTable
  resend_requests: ResendRequestsTable
  sign_in_requests: SignInRequestsTable
  console_links: ConsoleLinksTable
  console_sessions: ConsoleSessionsTable
  audit_log: AuditLogTable
  comics: ComicsTable
  comic_pictures: ComicPicturesTable
  comic_page_changes: ComicPageChangesTable
  comic_slug_redirects: ComicSlugRedirectsTable
  lineups: LineupsTable
  sets: SetsTable
  show_goals: ShowGoalsTable
}

export type Order = Selectable<OrdersTable>
export type Code = Selectable<CodesTable>
export type { OrderRefund } from './refund-tables'
export type NewCode = Insertable<CodesTable>
export type OutboxMail = Selectable<MailOutboxTable>
export type EventRow = Selectable<EventsTable>
export type ConsoleSession = Selectable<ConsoleSessionsTable>
export type AuditEntry = Selectable<AuditLogTable>
export type ResendRequest = Selectable<ResendRequestsTable>

/** The database handle every data function takes first (a transaction passes as one too). */
export type Db = Kysely<Database>

/** `count(*)` is a string from pg and a number from PGlite: read it here, once. */
export function toCount(value: unknown): number {
  return typeof value === 'bigint' ? Number(value) : Number(value ?? 0)
}

/** A text searched for literally with LIKE: its % and _ are not wildcards. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`)
}
