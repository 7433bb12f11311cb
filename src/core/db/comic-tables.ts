import type { ColumnType, Generated, Selectable } from 'kysely'
import type { comicFields } from '../../shared/comic-fields'
import type { ComicRole } from '../../shared/comics'
import type { FieldColumns } from './field-columns'

/** Timestamps are written as Date and read back as Date (both drivers parse timestamptz). */
type Timestamp = ColumnType<Date, Date | string, Date | string>

/** The set a grant was credited to; null: the show's pot. Optional where a grant is written. */
export type SetRef = ColumnType<number | null, number | null | undefined, number | null>

/**
 * A comic on the roster (migration 2026-11-25-015): the columns of its editable fields (name,
 * slug, bio, vrchat_name, vrchat_public, links as JSON text, payout_email...) as
 * shared/comic-fields.ts declares them, and these.
 */
export interface ComicsTable extends FieldColumns<typeof comicFields> {
  /** "cmc-k3m9x2qa" */
  id: string
  /** Made from an open-mic sign-up (its page says so while no upcoming show has them). */
  from_signup: ColumnType<boolean, boolean | undefined, boolean>
  picture_id: ColumnType<string | null, string | null | undefined, string | null>
  created_at: Timestamp
  updated_at: Timestamp
  archived_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
  /** The host's lock on the comic's own edits of their page (migration 2026-11-29-026); null: open. */
  locked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
}

/** A change a comic made to their own page: the fields' values before and after, as JSON. */
export interface ComicPageChangesTable {
  id: Generated<number>
  comic_id: string
  at: Timestamp
  before: string
  after: string
  /** When the host undid it; null: it stands. */
  undone_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
}

/** An old address of a comic's page: /comics/<old_slug> redirects to their page now. */
export interface ComicSlugRedirectsTable {
  old_slug: string
  comic_id: string
  created_at: Timestamp
}

/** A comic's picture, as the server re-encoded it. */
export interface ComicPicturesTable {
  id: string
  comic_id: string
  content_type: string
  data: Uint8Array
  width: number
  height: number
  created_at: Timestamp
}

/** One place on a show's bill. */
export interface LineupsTable {
  show_id: string
  /** 1, 2, 3... in running order. */
  position: number
  comic_id: string
  role: ComicRole
  set_minutes: number
}

/** A comic on stage at a show, from `started_at` until `ended_at` (null: on stage now). */
export interface SetsTable {
  id: Generated<number>
  show_id: string
  comic_id: string
  started_at: Timestamp
  ended_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
}

export type ComicRow = Selectable<ComicsTable>
export type SetRow = Selectable<SetsTable>
