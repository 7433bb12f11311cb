import { texts } from '../../shared/texts'
import { readMessage } from './answers'
import { apiUrl, readErrorMessage } from './api-client'

/**
 * POST /api/resend-codes: the server's sentence either way (it is written for the fan), or ours
 * when the server could not be reached or answered something unreadable.
 */
export async function resendCodes(email: string): Promise<{ ok: boolean; message: string }> {
  let response: Response
  try {
    response = await fetch(apiUrl('/resend-codes'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    })
  } catch {
    return { ok: false, message: texts.resendUnreachable }
  }
  if (!response.ok) {
    return {
      ok: false,
      message: (await readErrorMessage(response)) ?? texts.resendFailed(response.status),
    }
  }
  try {
    const message = readMessage(await response.json())
    if (message) return { ok: true, message }
  } catch {
    // Not JSON: the same as JSON of the wrong shape.
  }
  return { ok: false, message: texts.unexpectedData }
}
