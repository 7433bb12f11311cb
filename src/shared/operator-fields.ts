import { z } from 'zod'
import { isSimpleEmail } from './email'
import { hasControlCharacters, stripHiddenFormatting } from './text'

/** The fields operator actions are made of (shared/operator.ts and each area's actions). */

// Kept without C1 controls and bidirectional overrides: a show's name reaches pages, mails and
// terminals, where they would hide or reorder what it says.
export const text = (max: number) =>
  z
    .string()
    .max(max)
    .refine((value) => !hasControlCharacters(value, true), 'must not hold control characters')
    .transform(stripHiddenFormatting)
export const id = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .refine((value) => !hasControlCharacters(value), 'must not hold control characters')
// isSimpleEmail holds the length limit too, so a long address is refused as not whole.
export const email = z.string().trim().refine(isSimpleEmail, 'must be a whole address')
export const instant = z.iso.datetime({ offset: true })
export const page = {
  page: z.int().min(1).max(100_000).default(1),
  pageSize: z.int().min(1).max(1000).default(25),
}
