import type { CodeMessageAnswer } from '../../shared/code-message-api'
import { answerOf } from './answer-readers'
import { apiUrl, callJson } from './api-client'

const readAnswer = answerOf((s) => s.CodeMessageAnswerSchema)

/** POST /api/code-message: a code's message for the comic, saved until the code is redeemed. */
export async function saveCodeMessage(
  sessionId: string,
  code: string,
  message: string,
): Promise<{ ok: true; answer: CodeMessageAnswer } | { ok: false; message: string }> {
  const answer = await callJson(
    apiUrl('/code-message'),
    { body: { sessionId, code, message } },
    readAnswer,
  )
  return answer.ok ? { ok: true, answer: answer.value } : { ok: false, message: answer.message }
}
