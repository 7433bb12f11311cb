// zod/mini: the same parser as zod in a tree-shakable form. These schemas run in the browser
// too, where the full zod API would add about 20 KB gzipped to every page's first load.
import * as z from 'zod/mini'
import { codeStates } from './code-format'
import { isSimpleEmail } from './email'
import { fitsFanWords, stageNameMax } from './fan-words'
import { limits } from './limits'
import { hasControlCharacters } from './text'

const noControlCharacters = (value: string) => !hasControlCharacters(value)

/** One cart line as the browser sends it. Prices are echoed only to be checked, never trusted. */
export const CheckoutItemSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(40), z.refine(noControlCharacters)),
  name: z.string().check(z.maxLength(100), z.refine(noControlCharacters)),
  price: z.number().check(z.nonnegative()),
  quantity: z.int().check(z.gte(1), z.lte(limits.maxQuantityPerLine)),
})
export type CheckoutItem = z.infer<typeof CheckoutItemSchema>

export const CheckoutRequestSchema = z.object({
  items: z.array(CheckoutItemSchema).check(z.minLength(1), z.maxLength(limits.maxCartLines)),
  email: z.optional(
    z.string().check(
      z.trim(),
      z.refine((value) => value === '' || isSimpleEmail(value)),
    ),
  ),
  /** "Name on stage" for the order's gifts (shared/fan-words.ts); empty or absent: "a fan". */
  stageName: z.optional(z.string().check(z.refine((value) => fitsFanWords(value, stageNameMax)))),
  /**
   * The buyer's time zone as their browser names it ("America/New_York"): a show that moves is
   * told to them in their own time too. Never refused: a name the server does not know is dropped.
   */
  timeZone: z.optional(z.string().check(z.maxLength(64), z.refine(noControlCharacters))),
  /** "Remind me before the show": reminders of the show the codes are for, to the email. */
  remind: z.optional(z.boolean()),
})
export type CheckoutRequest = z.infer<typeof CheckoutRequestSchema>

export const CheckoutResponseSchema = z.object({
  id: z.string().check(z.minLength(1)),
  url: z.string().check(z.minLength(1)),
})

export const PurchaseCodeSchema = z.object({
  code: z.string().check(z.minLength(1)),
  description: z.string(),
  /**
   * Read when the page asked; the success page asks again while a code can still change. A state
   * this reader does not know is left out.
   */
  state: z.catch(z.optional(z.enum(codeStates)), undefined),
  /** ISO-8601 UTC, for a redeemed code. */
  redeemedAt: z.optional(z.nullable(z.string())),
  /** ISO-8601 UTC: the code redeems until then (its show's start + 3 hours). */
  expiresAt: z.optional(z.string()),
  /** The fan's message for the comic with this code, as kept (cleaned); absent: none. */
  message: z.optional(z.string()),
  /** Redeemed, and the host did not show its message: all the fan is told of it. */
  messageNotShown: z.optional(z.boolean()),
})
export type PurchaseCode = z.infer<typeof PurchaseCodeSchema>

export const ShowSchema = z.object({
  /** ISO-8601 UTC instant the show starts. */
  startsAt: z.string(),
  /** The show's name, e.g. "Sunday Stand-Up". */
  name: z.string(),
  /** The event's id, for its "Add to calendar" file; absent when the show left the schedule. */
  id: z.optional(z.string()),
})
export type Show = z.infer<typeof ShowSchema>

/** What was bought and paid, for the success page's summary (docs/product.md, "`/success`"). */
export const OrderSummarySchema = z.object({
  /** The order's short reference, "7F3KQZ" (order-reference.ts), as the console and mail say it. */
  reference: z.string(),
  lines: z.array(z.object({ name: z.string(), quantity: z.number(), cents: z.number() })),
  /** What the payment took, in cents (USD). */
  paidCents: z.number(),
  /** An address was given: the codes are mailed there too. */
  emailed: z.boolean(),
})
export type OrderSummary = z.infer<typeof OrderSummarySchema>

export const SessionResponseSchema = z.object({
  id: z.string(),
  codes: z.array(PurchaseCodeSchema).check(z.minLength(1)),
  show: ShowSchema,
  order: z.optional(OrderSummarySchema),
})
export type SessionResponse = z.infer<typeof SessionResponseSchema>
