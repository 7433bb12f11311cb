import type { ZodError } from 'zod'
import {
  type OperatorActionName,
  type OperatorCall,
  type OperatorResult,
  operatorInputs,
} from '../../shared/operator'
import { consoleAudience, mayUseConsole } from '../console/console-sign-in'
import { refuse } from '../refusal'
import { createSignInLink, signInUrl } from '../sign-in/links'
import { type Actor, recordAudit } from './audit'
import { bookActions } from './book-actions'
import { comicActions } from './comic-actions'
import { comicPageActions } from './comic-page-actions'
import { eventActions } from './event-actions'
import { goalActions } from './goal-actions'
import { jokeActions } from './joke-actions'
import { mailActions } from './mail-actions'
import { memberActions } from './member-actions'
import { moderationActions } from './moderation-actions'
import { openMicActions } from './open-mic-actions'
import { operatorTexts } from './operator-texts'
import type { Handler, Handlers, OperatorDeps } from './operator-types'
import { orderActions } from './order-actions'
import { reportActions } from './report-actions'
import { settlementActions } from './settlement-actions'
import { stageActions } from './stage-actions'
import { supportersActions } from './supporters-actions'

const consoleActions: Handlers<'console.link'> = {
  async 'console.link'(deps, actor, input) {
    const adminEmails = deps.console?.adminEmails ?? []
    if (!deps.console || adminEmails.length === 0) {
      throw refuse.invalid(operatorTexts.noAdmins)
    }
    const email = (input.email ?? adminEmails[0] ?? '').toLowerCase()
    if (!mayUseConsole(adminEmails, email)) {
      throw refuse.invalid(operatorTexts.notAnAdmin(email))
    }
    const now = deps.clock.now()
    const link = await createSignInLink(deps.db, 'console', email, now)
    await recordAudit(
      deps.db,
      actor,
      {
        action: 'console.link',
        target: { type: 'console', id: email },
        summary: `Made a sign-in link for ${email} (printed, not mailed)`,
      },
      now,
    )
    return {
      url: signInUrl(deps.console.publicUrl, consoleAudience(adminEmails), link.token),
      email,
      expiresAt: link.expiresAt.toISOString(),
    }
  },
}

/** Every action's implementation, by name: the one place each operator action is done. */
const handlers: { [N in OperatorActionName]: Handler<N> } = {
  ...eventActions,
  ...orderActions,
  ...mailActions,
  ...memberActions,
  ...jokeActions,
  ...reportActions,
  ...stageActions,
  ...comicActions,
  ...comicPageActions,
  ...settlementActions,
  ...bookActions,
  ...openMicActions,
  ...goalActions,
  ...moderationActions,
  ...supportersActions,
  ...consoleActions,
}

/** "name: must be a whole address": what was wrong with an action's input, for a person. */
function describeInputError(name: string, error: ZodError): string {
  const issue = error.issues[0]
  const where = issue?.path.length ? issue.path.join('.') : 'input'
  return operatorTexts.badInput(where, name, issue?.message ?? 'not understood')
}

export function isOperatorActionName(name: string): name is OperatorActionName {
  return Object.hasOwn(operatorInputs, name)
}

/**
 * Runs one operator action for `actor`: reads its input (a mistake is a Refusal naming the
 * field), does it, and writes the audit log for every change. The console's API, the command
 * line and the local channel to a running server all come here.
 */
export async function runOperatorAction<N extends OperatorActionName>(
  deps: OperatorDeps,
  actor: Actor,
  name: N,
  input: unknown,
): Promise<OperatorResult<N>> {
  if (!isOperatorActionName(name)) throw refuse.invalid(operatorTexts.noAction(name))
  const parsed = operatorInputs[name].safeParse(input ?? {})
  if (!parsed.success) throw refuse.invalid(describeInputError(name, parsed.error))
  const handler = handlers[name] as Handler<N>
  return handler(deps, actor, parsed.data as Parameters<Handler<N>>[2])
}

/** The actions run in this process, for `actor`. */
export function localOperator(deps: OperatorDeps, actor: Actor): OperatorCall {
  return (name, input) => runOperatorAction(deps, actor, name, input)
}
