import { texts } from '../../shared/texts'
import { readMessage } from './answer-readers'
import { apiUrl, callJson } from './api-client'

/**
 * POST /api/resend-codes: the server's sentence either way (it is written for the fan), or ours
 * when the server could not be reached or answered something unreadable.
 */
export async function resendCodes(email: string): Promise<{ ok: boolean; message: string }> {
  const answer = await callJson(apiUrl('/resend-codes'), { body: { email } }, readMessage, {
    unreachable: texts.resendUnreachable,
    refused: texts.resendFailed,
  })
  return { ok: answer.ok, message: answer.ok ? answer.value : answer.message }
}
