import type { z } from 'zod'
import { controlCharacters } from '../../shared/contact'
import { limits } from '../../shared/limits'
import { siteConfig } from '../../shared/site-config'
import { siteTexts } from '../../shared/texts'

/** The contact form's answers (POST /api/contact; docs/product.md, "Error catalogue"). */

export const contactRateLimitedMessage = `Too many messages from your connection. Please wait a few minutes, or write to ${siteConfig.contactEmail} directly.`

const fieldNames = { name: 'name', email: 'email address', message: 'message' } as const

/** One sentence that names the field at fault, for the first problem found. */
export function contactErrorMessage(error: z.core.$ZodError): string {
  const issue = error.issues[0]
  const field = issue?.path[0]
  if (!issue || (field !== 'name' && field !== 'email' && field !== 'message')) {
    return 'Send your name, email address and message.'
  }
  if (field === 'email') return siteTexts.badEmailAddress
  if (issue.message === controlCharacters) {
    return `Your ${fieldNames[field]} contains control characters (such as NUL) that cannot be sent: please remove them.`
  }
  if (issue.code === 'too_big') {
    const max = field === 'name' ? limits.contactNameMax : limits.contactMessageMax
    return `Your ${fieldNames[field]} is too long (at most ${max.toLocaleString('en-US')} characters).`
  }
  return field === 'name' ? 'Please tell us your name.' : 'Please write a message.'
}
