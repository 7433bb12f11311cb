import { z } from 'zod'
import { isSimpleEmail } from './email'
import { limits } from './limits'

/** One cart line as the browser sends it. Prices are echoed only to be checked, never trusted. */
export const CheckoutItemSchema = z.object({
  id: z.string().min(1).max(40),
  name: z.string().max(100),
  price: z.number().nonnegative().finite(),
  quantity: z.number().int().min(1).max(limits.maxQuantityPerLine),
})
export type CheckoutItem = z.infer<typeof CheckoutItemSchema>

export const CheckoutRequestSchema = z.object({
  items: z.array(CheckoutItemSchema).min(1).max(limits.maxCartLines),
  email: z
    .string()
    .trim()
    .refine((value) => value === '' || isSimpleEmail(value))
    .optional(),
})
export type CheckoutRequest = z.infer<typeof CheckoutRequestSchema>

export const CheckoutResponseSchema = z.object({
  id: z.string().min(1),
  url: z.string().min(1),
})
export type CheckoutResponse = z.infer<typeof CheckoutResponseSchema>

export const PurchaseCodeSchema = z.object({
  code: z.string().min(1),
  description: z.string(),
})
export type PurchaseCode = z.infer<typeof PurchaseCodeSchema>

export const ShowSchema = z.object({
  /** ISO-8601 UTC instant the show starts. */
  startsAt: z.string(),
  /** The show's name, e.g. "Sunday Night Stand-Up". */
  name: z.string(),
})
export type Show = z.infer<typeof ShowSchema>

export const SessionResponseSchema = z.object({
  id: z.string(),
  codes: z.array(PurchaseCodeSchema).min(1),
  show: ShowSchema,
})
export type SessionResponse = z.infer<typeof SessionResponseSchema>

/** Every error answer of the API. */
export const ErrorBodySchema = z.object({ message: z.string() })
export type ErrorBody = z.infer<typeof ErrorBodySchema>
