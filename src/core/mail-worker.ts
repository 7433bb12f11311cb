import type { Clock } from './clock'
import type { Db } from './db/schema'
import { within } from './deadline'
import type { Mailer } from './mail/mail-message'
import { type SendFailure, type SendOptions, sendDueMail } from './mail/outbox'
import { queueDueReminders } from './reminders/due-reminders'
import { queueFollowNews } from './reminders/follow-news'
import { answerResendRequests } from './resend/resend-requests'
import { answerSignInRequests, type SignInAnswering } from './sign-in/requests'

export interface MailWorkerOptions extends SendOptions {
  /** Answer sign-in link requests too (a server does; the command line has none to answer). */
  signIn?: SignInAnswering | undefined
}

/**
 * One run of the mail worker: answer the requests waiting ("Lost your codes?", sign-in links)
 * and queue the reminders and follow news now due, which may queue mail, then send what is due. A request that cannot be answered stays for the
 * next run and must not hold up the mail: the first error is thrown once the sending is done.
 */
export async function runMailWorker(
  db: Db,
  mailer: Mailer,
  clock: Clock,
  options: MailWorkerOptions = {},
): Promise<{ answered: number; sent: number; failed: number }> {
  let answered = 0
  let answerError: { error: unknown } | undefined
  const { signIn } = options
  const answerers = [
    () => answerResendRequests(db, clock, options),
    () => queueDueReminders(db, clock),
    () => queueFollowNews(db, clock),
    ...(signIn ? [() => answerSignInRequests(db, clock, signIn, options)] : []),
  ]
  for (const answer of answerers) {
    try {
      answered += await answer()
    } catch (error) {
      answerError ??= { error }
    }
  }
  // The site's address in the mails' links: the one sign-in links use, unless told otherwise.
  const publicUrl = options.publicUrl ?? signIn?.publicUrl
  const result = await sendDueMail(db, mailer, clock, { ...options, publicUrl })
  if (answerError) throw answerError.error
  return { answered, ...result }
}

/** Runs runMailWorker every few seconds until stopped; `kick()` runs it now. */
export function startMailWorker(
  db: Db,
  mailer: Mailer,
  clock: Clock,
  options: {
    intervalMs?: number
    onError?: (error: unknown) => void
    onFailure?: (failure: SendFailure) => void
    signIn?: SignInAnswering
    /** The site's address (PUBLIC_URL) in the mails' links. */
    publicUrl?: string
  } = {},
): { kick(): void; stop(deadlineMs?: number): Promise<boolean> } {
  let running: Promise<unknown> = Promise.resolve()
  let stopped = false
  const run = () => {
    if (stopped) return
    running = running
      .then(() =>
        runMailWorker(db, mailer, clock, {
          stopping: () => stopped,
          onFailure: options.onFailure,
          signIn: options.signIn,
          publicUrl: options.publicUrl,
        }),
      )
      .catch((error) => options.onError?.(error))
  }
  const timer = setInterval(run, options.intervalMs ?? 5000)
  timer.unref()
  run()
  return {
    kick: run,
    /**
     * Stops sending. Resolves true once the send in progress is done, or false when `deadlineMs`
     * passes first: that mail keeps its claim and is sent again after the lease (at least once),
     * and a request being answered rolls back when the database closes and waits for the next run.
     */
    async stop(deadlineMs = Number.POSITIVE_INFINITY) {
      stopped = true
      clearInterval(timer)
      if (deadlineMs === Number.POSITIVE_INFINITY) {
        await running
        return true
      }
      return (await within(running, deadlineMs)).done
    },
  }
}
