import type { ContactMessage } from '../../shared/contact'
import { apiUrl } from './api-client'

/** POST /api/contact; resolves when the server has taken the message, rejects otherwise. */
export async function sendContact(message: ContactMessage): Promise<void> {
  const response = await fetch(apiUrl('/contact'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(message),
  })
  if (!response.ok) throw new Error(`POST /contact answered ${response.status}`)
}
