import {
  type OpenMicLinkAction,
  type OpenMicPublic,
  openMicTexts,
  readOpenMicPageData,
  readSignupToConfirm,
  type SignupToConfirm,
} from '../../shared/open-mic'
import { readMessage } from './answers'
import { apiUrl, callJson } from './api-client'

const own = { unreachable: openMicTexts.unreachable, refused: openMicTexts.refused }
const messageOf = (body: unknown) => readMessage(body) || undefined

export interface OpenMicSignUpFields {
  stageName: string
  email: string
  vrchatName: string
  note: string
  adult: boolean
  timeZone: string
}

/** POST /api/open-mic/:show/sign-up: the server's sentence either way. */
export async function signUpForOpenMic(
  showId: string,
  fields: OpenMicSignUpFields,
): Promise<{ ok: boolean; message: string }> {
  const answer = await callJson(
    apiUrl(`/open-mic/${encodeURIComponent(showId)}/sign-up`),
    { body: fields },
    messageOf,
    own,
  )
  return { ok: answer.ok, message: answer.ok ? answer.value : answer.message }
}

/** POST /api/open-mic/confirm or /withdraw with a mailed link's token. */
export async function sendOpenMicLink(
  action: OpenMicLinkAction,
  token: string,
): Promise<{ ok: boolean; message: string }> {
  const answer = await callJson(apiUrl(`/open-mic/${action}`), { body: { token } }, messageOf, own)
  return { ok: answer.ok, message: answer.ok ? answer.value : answer.message }
}

/** POST /api/open-mic/confirm/details: what a confirm link confirms, or the sentence why not. */
export async function readSignupToConfirmOf(
  token: string,
): Promise<{ ok: true; signup: SignupToConfirm } | { ok: false; message: string }> {
  const answer = await callJson(
    apiUrl('/open-mic/confirm/details'),
    { body: { token } },
    (body) => readSignupToConfirm(body) ?? undefined,
    own,
  )
  return answer.ok ? { ok: true, signup: answer.value } : { ok: false, message: answer.message }
}

/** GET /api/open-mic/:show: the running order as it is now, or null when it cannot be read. */
export async function readOpenMic(showId: string): Promise<OpenMicPublic | null> {
  const answer = await callJson(
    apiUrl(`/open-mic/${encodeURIComponent(showId)}`),
    { method: 'GET' },
    (body) => readOpenMicPageData(body) ?? undefined,
    own,
  )
  return answer.ok ? answer.value : null
}
