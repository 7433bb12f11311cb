import { texts } from '../../shared/texts'
import { readMessage } from './answer-readers'
import { apiUrl, callJson } from './api-client'

/**
 * POST /api/email-codes: the success page's "Email me these codes", for a purchase made without
 * an address. The server's sentence either way, or ours when it could not be reached.
 */
export async function emailCodes(
  sessionId: string,
  email: string,
): Promise<{ ok: boolean; message: string }> {
  const answer = await callJson(
    apiUrl('/email-codes'),
    { body: { sessionId, email } },
    readMessage,
    { unreachable: texts.resendUnreachable, refused: texts.resendFailed },
  )
  return { ok: answer.ok, message: answer.ok ? answer.value : answer.message }
}
