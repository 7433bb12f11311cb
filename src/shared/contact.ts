import { z } from 'zod'
import { isSimpleEmail } from './email'
import { limits } from './limits'

export const ContactMessageSchema = z.object({
  name: z.string().trim().min(1, 'Please tell us your name.').max(limits.contactNameMax),
  email: z.string().trim().refine(isSimpleEmail, 'Please enter a valid email address.'),
  message: z.string().trim().min(1, 'Please write a message.').max(limits.contactMessageMax),
  /** Honeypot: people never see or fill it; bots do. */
  website: z.string().optional(),
})
export type ContactMessage = z.infer<typeof ContactMessageSchema>
