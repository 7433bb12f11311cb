import { randomInt } from 'node:crypto'
import type { Clock } from '../clock'
import type { Db, SignInAudienceName } from '../db/schema'
import { queueMail } from '../mail/outbox'
import { type AnswerOptions, answerWaitingRequests } from '../mail/waiting-requests'
import type { SignInAudience, SignInAudiences } from './audience'
import { createSignInLink, hashToken } from './links'
import { signInMail } from './sign-in-mail'

/**
 * What asking for a sign-in link does before it answers: one insert, the same for every address
 * of every audience, so neither the answer nor its timing tells who may sign in. Whether the
 * address may, the link and its mail are the mail worker's (answerSignInRequests).
 */
export async function recordSignInRequest(
  db: Db,
  audience: SignInAudienceName,
  email: string,
  now: Date,
): Promise<void> {
  await db
    .insertInto('sign_in_requests')
    .values({ audience, email: email.trim().toLowerCase(), requested_at: now })
    .execute()
}

/**
 * When the mail worker is asked to answer a link request: a random moment 0.5 to 2 s after it.
 * Answering a host's or a member's request is more work (a link, a mail sent) than a stranger's;
 * done at once, in the same process, it would slow the requests that follow, and the request
 * right after would tell who may sign in. Put off, it lands on some other request, at a time
 * nobody chose, among the worker's other work; the link still arrives within seconds.
 */
export function signInAnswerDelayMs(): number {
  return randomInt(500, 2_000)
}

/** What the mail worker needs to answer link requests: the site's address and every audience. */
export interface SignInAnswering {
  publicUrl: string
  audiences: SignInAudiences
}

/**
 * Makes a link of `audience` for `email` and queues its mail, in the caller's transaction: the
 * link exists exactly when its mail does.
 */
export async function queueSignInLink(
  db: Db,
  audience: SignInAudience,
  email: string,
  publicUrl: string,
  now: Date,
): Promise<void> {
  const link = await createSignInLink(db, audience.name, email, now)
  await queueMail(
    db,
    {
      dedupeKey: `${audience.name}-link:${hashToken(link.token)}`,
      ...signInMail(audience, email, publicUrl, link.token),
    },
    now,
  )
}

/**
 * Run by the mail worker before it sends: each waiting link request, oldest first, gets a link
 * and its mail when its audience lets the address sign in, and nothing otherwise, in the
 * transaction that deletes the request (answerWaitingRequests says how failures and other
 * processes are handled). Returns how many were answered.
 */
export function answerSignInRequests(
  db: Db,
  clock: Clock,
  answering: SignInAnswering,
  options: AnswerOptions = {},
): Promise<number> {
  return answerWaitingRequests(
    db,
    'sign_in_requests',
    async (trx, request) => {
      const audience: SignInAudience | undefined = answering.audiences[request.audience]
      // A newer server's audience: the request waits for a process that knows it.
      if (!audience) throw new Error(`sign-in: no audience "${request.audience}" here`)
      if (!(await audience.who(trx, request.email))) return
      await queueSignInLink(trx, audience, request.email, answering.publicUrl, clock.now())
    },
    options,
  )
}
