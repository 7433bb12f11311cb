// zod/mini, as the store's schemas (checkout.ts): the server reads and answers with these; the
// page loads them with the answers it reads (src/web/api/open-mic-calls.ts).
import * as z from 'zod/mini'
import { isSimpleEmail } from './email'
import { openMicLists, openMicRules, signupStates } from './open-mic'

/** The open mic's API (docs/comics.md, "Open mics"): what its routes read and answer. */

// Lengths are checked once the text is cleaned (core), with a sentence naming the field; this
// only keeps a body from being huge.
const field = z.string().check(z.maxLength(2000))

/** POST /api/open-mic/:show/sign-up. */
export const OpenMicSignupSchema = z.object({
  stageName: field,
  email: z.string().check(z.trim(), z.refine(isSimpleEmail)),
  vrchatName: field,
  note: z.optional(field),
  /** The browser's time zone, for the comic's own time in their mails. */
  timeZone: z.optional(z.string().check(z.maxLength(64))),
  /** "I am 18 or older": required, true. */
  adult: z.optional(z.boolean()),
})
export type OpenMicSignup = z.infer<typeof OpenMicSignupSchema>
/** The sign-up as the page sends it: every field of the form. */
export type OpenMicSignupFields = Required<z.input<typeof OpenMicSignupSchema>>

/** POST /api/open-mic/confirm, /confirm/details and /withdraw: the token from the mailed link. */
export const OpenMicTokenSchema = z.object({ token: z.string().check(z.maxLength(100)) })

/** One place of the public running order: a stage name and a planned time, nothing else. */
export const RunningOrderEntrySchema = z.object({
  position: z.number(),
  name: z.string(),
  /** ISO-8601 UTC. */
  plannedAt: z.string(),
})

/**
 * One comic in a draw's record: the stage name, and the sign-up's confirmation number (1, 2...
 * in the order sign-ups for this open mic were confirmed), which tells two equal names apart.
 */
export const DrawEntrySchema = z.object({ number: z.number(), name: z.string() })
export type DrawEntry = z.infer<typeof DrawEntrySchema>

/** A lottery's record, public: anyone can run the draw again from the seed and the list before. */
export const DrawRecordSchema = z.object({
  drawnAt: z.string(),
  /** The seed whose SHA-256 was published as `drawSeedHash` before the draw. */
  seed: z.string(),
  /** Every confirmed sign-up in confirmation order, as the draw took them. */
  before: z.array(DrawEntrySchema),
  /** The same entries in drawn order: the first `slots` took the slots. */
  after: z.array(DrawEntrySchema),
})

/** GET /api/open-mic/:show: what anyone may see of an open mic (its page and the schedule too). */
export const OpenMicPublicSchema = z.object({
  showId: z.string(),
  showName: z.string(),
  startsAt: z.string(),
  slots: z.number(),
  setMinutes: z.number(),
  opensAt: z.string(),
  closesAt: z.string(),
  rule: z.enum(openMicRules),
  drawAt: z.nullable(z.string()),
  /** Whether the form takes sign-ups now. */
  open: z.boolean(),
  /** Slots not taken yet: all of them before a lottery's draw. */
  slotsLeft: z.number(),
  runningOrder: z.array(RunningOrderEntrySchema),
  waitlistCount: z.number(),
  /**
   * A lottery's commitment: SHA-256 (hex) of its seed, public from when the seed was made (when
   * the lottery was set up); the seed itself is published with the draw. Null for first come, and
   * for a lottery drawn before seeds were committed.
   */
  drawSeedHash: z.nullable(z.string()),
  draw: z.nullable(DrawRecordSchema),
})
export type OpenMicPublic = z.infer<typeof OpenMicPublicSchema>

/**
 * POST /api/open-mic/confirm/details: what a confirm link confirms, the names and note typed
 * with that link's own request, shown on the page before it asks.
 */
export const SignupToConfirmSchema = z.object({
  showId: z.string(),
  stageName: z.string(),
  vrchatName: z.string(),
  note: z.string(),
})
export type SignupToConfirm = z.infer<typeof SignupToConfirmSchema>

/** POST /api/open-mic/confirm: the sentence, and the place the confirmed sign-up has. */
export const ConfirmedAnswerSchema = z.object({
  message: z.string().check(z.minLength(1)),
  list: z.enum(openMicLists),
  position: z.number(),
  /** A slot's planned time (ISO-8601 UTC); null on the waitlist or before a draw. */
  plannedAt: z.nullable(z.string()),
})
export type ConfirmedAnswer = z.infer<typeof ConfirmedAnswerSchema>

/**
 * One comic's own place at an open mic, as the page shows it to them: found by their comic's
 * session, or by a place mail's withdraw link (never anyone else's).
 */
export const MyPlaceSchema = z.object({
  signupId: z.number(),
  state: z.enum(signupStates),
  list: z.nullable(z.enum(openMicLists)),
  position: z.nullable(z.number()),
  plannedAt: z.nullable(z.string()),
  /** The zone their browser gave at sign-up; '' when unknown. */
  timeZone: z.string(),
})
export type MyPlace = z.infer<typeof MyPlaceSchema>

/** POST /api/open-mic/:show/mine { token? }: the comic's place, if any; the session's CSRF token when signed in. */
export const MyPlaceAnswerSchema = z.object({
  place: z.nullable(MyPlaceSchema),
  csrfToken: z.nullable(z.string()),
})
export type MyPlaceAnswer = z.infer<typeof MyPlaceAnswerSchema>

/** The body of /mine: a place mail's withdraw token, when the page was opened from one. */
export const MyPlaceRequestSchema = z.object({
  token: z.optional(z.string().check(z.maxLength(100))),
})
