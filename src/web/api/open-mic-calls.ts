import { type OpenMicLinkAction, openMicTexts } from '../../shared/open-mic'
import type {
  ConfirmedAnswer,
  MyPlace,
  MyPlaceAnswer,
  OpenMicPublic,
  OpenMicSignupFields,
  SignupToConfirm,
} from '../../shared/open-mic-api'
import { hasFields } from '../../shared/shape'
import { answerOf, readMessage } from './answer-readers'
import { apiUrl, callJson } from './api-client'

const own = { unreachable: openMicTexts.unreachable, refused: openMicTexts.refused }
const readConfirmedAnswer = answerOf((s) => s.ConfirmedAnswerSchema)
/**
 * /mine's answer, checked by hand: the open-mic page reads it on load, and the answers' schemas
 * would put 8 KB more on its first load (docs/decisions/039-route-contracts.md).
 */
async function readMyPlaceAnswer(body: unknown): Promise<MyPlaceAnswer | undefined> {
  if (typeof body !== 'object' || body === null) return undefined
  const { place, csrfToken } = body as { place?: unknown; csrfToken?: unknown }
  if (csrfToken !== null && typeof csrfToken !== 'string') return undefined
  if (place === null) return { place: null, csrfToken }
  if (!hasFields(place, placeFields)) return undefined
  return { place: place as unknown as MyPlace, csrfToken }
}
const placeFields = { signupId: 'number', state: 'string', timeZone: 'string' } as const
const readSignupToConfirm = answerOf((s) => s.SignupToConfirmSchema)
const readOpenMicPublic = answerOf((s) => s.OpenMicPublicSchema)

/** POST /api/open-mic/:show/sign-up: the server's sentence either way. */
export async function signUpForOpenMic(
  showId: string,
  fields: OpenMicSignupFields,
): Promise<{ ok: boolean; message: string }> {
  const answer = await callJson(
    apiUrl(`/open-mic/${encodeURIComponent(showId)}/sign-up`),
    { body: fields },
    readMessage,
    own,
  )
  return { ok: answer.ok, message: answer.ok ? answer.value : answer.message }
}

/** POST /api/open-mic/confirm or /withdraw with a mailed link's token; a confirmation's place. */
export async function sendOpenMicLink(
  action: OpenMicLinkAction,
  token: string,
): Promise<{ ok: boolean; message: string; confirmed?: ConfirmedAnswer }> {
  if (action === 'confirm') {
    const answer = await callJson(
      apiUrl('/open-mic/confirm'),
      { body: { token } },
      readConfirmedAnswer,
      own,
    )
    return answer.ok
      ? { ok: true, message: answer.value.message, confirmed: answer.value }
      : { ok: false, message: answer.message }
  }
  const answer = await callJson(apiUrl('/open-mic/withdraw'), { body: { token } }, readMessage, own)
  return { ok: answer.ok, message: answer.ok ? answer.value : answer.message }
}

/**
 * POST /api/open-mic/:show/mine: the comic's own place, by their session or the place mail's
 * withdraw token; null when there is none or it cannot be read.
 */
export async function readMyPlace(showId: string, token?: string): Promise<MyPlaceAnswer | null> {
  const answer = await callJson(
    apiUrl(`/open-mic/${encodeURIComponent(showId)}/mine`),
    { body: token ? { token } : {} },
    readMyPlaceAnswer,
    own,
  )
  return answer.ok ? answer.value : null
}

/** POST /api/open-mic/confirm/details: what a confirm link confirms, or the sentence why not. */
export async function readSignupToConfirmOf(
  token: string,
): Promise<{ ok: true; signup: SignupToConfirm } | { ok: false; message: string }> {
  const answer = await callJson(
    apiUrl('/open-mic/confirm/details'),
    { body: { token } },
    readSignupToConfirm,
    own,
  )
  return answer.ok ? { ok: true, signup: answer.value } : { ok: false, message: answer.message }
}

/** GET /api/open-mic/:show: the running order as it is now, or null when it cannot be read. */
export async function readOpenMic(showId: string): Promise<OpenMicPublic | null> {
  const answer = await callJson(
    apiUrl(`/open-mic/${encodeURIComponent(showId)}`),
    { method: 'GET' },
    readOpenMicPublic,
    own,
  )
  return answer.ok ? answer.value : null
}
