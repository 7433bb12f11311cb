import { type ModerationMode, messageDecisions, moderationModes } from '../shared/moderation'
import type { ModerationView } from '../shared/moderation-operator'
import { printable } from '../shared/text'
import { CliError, type CommandDeps, parseCliOptions } from './cli'

export const messagesUsage = `Fans' messages (docs/stage.md, "Moderation"):

  stage messages list                    the mode, the word list's size and the messages waiting
  stage messages approve <id>            show a waiting message: it follows on the stream
  stage messages reject <id>             never show it (the fan is told only it was not shown)
  stage messages mode words|hold         words: shown at once unless the word list catches them;
                                   hold: every message waits until approved
  stage messages words                   the word list, one a line
  stage messages words --add WORD        add a word or phrase (repeat --add for more)
  stage messages words --remove WORD     take one out (repeat --remove for more)
                                   (list and words take --json)`

export type MessagesCommand =
  | { kind: 'help' }
  | { kind: 'list'; json: boolean }
  | { kind: 'decide'; decision: 'approve' | 'reject'; id: string }
  | { kind: 'mode'; mode: ModerationMode }
  | { kind: 'words'; add: string[]; remove: string[]; json: boolean }

const options = {
  help: { type: 'boolean', short: 'h' },
  json: { type: 'boolean' },
  add: { type: 'string', multiple: true },
  remove: { type: 'string', multiple: true },
} as const

/** Reads `messages ...` (without the area word); touches nothing. */
export function parseMessagesCommand(args: string[]): MessagesCommand {
  const { values, positionals } = parseCliOptions(args, options, 'stage messages')
  const [verb, ...rest] = positionals
  if (values.help || verb === undefined || verb === 'help') return { kind: 'help' }
  const json = values.json === true
  const add = values.add ?? []
  const remove = values.remove ?? []
  if (verb !== 'words' && (add.length > 0 || remove.length > 0)) {
    throw new CliError(
      `stage messages ${verb} takes no --add or --remove (only stage messages words does).`,
    )
  }
  if (verb === 'list') {
    if (rest.length > 0) throw new CliError('stage messages list takes nothing more.')
    return { kind: 'list', json }
  }
  if (verb === 'words') {
    if (rest.length > 0) throw new CliError('stage messages words takes --add and --remove.')
    return { kind: 'words', add, remove, json }
  }
  if ((messageDecisions as readonly string[]).includes(verb)) {
    const id = rest.length === 1 ? rest[0]?.trim() : undefined
    if (!id)
      throw new CliError(`stage messages ${verb} takes one message id (see stage messages list).`)
    return { kind: 'decide', decision: verb === 'approve' ? 'approve' : 'reject', id }
  }
  if (verb === 'mode') {
    const [mode, ...more] = rest
    const known = moderationModes.find((m) => m === mode)
    if (!known || more.length > 0) {
      throw new CliError(`stage messages mode takes one of: ${moderationModes.join(', ')}.`)
    }
    return { kind: 'mode', mode: known }
  }
  throw new CliError(`Unknown command "stage messages ${verb}". See: npm run admin -- stage --help`)
}

/** The host's view: the mode, then each waiting message with its id and gift. */
export function moderationLines(view: ModerationView): string[] {
  return [
    `Mode: ${view.mode} (${view.words.length} listed words)`,
    view.held.length === 0 ? 'No message is waiting.' : `Waiting (${view.held.length}):`,
    ...view.held.flatMap((held) => [
      `  ${held.id}  ${printable(held.gift)}`,
      `    "${printable(held.message)}"`,
    ]),
  ]
}

export async function executeMessagesCommand(
  command: MessagesCommand,
  { call, out }: CommandDeps,
): Promise<void> {
  if (command.kind === 'help') return out.log(messagesUsage)
  if (command.kind === 'list') {
    const view = await call('moderation.show', {})
    if (command.json) return out.log(JSON.stringify(view, null, 2))
    for (const line of moderationLines(view)) out.log(line)
    return
  }
  if (command.kind === 'decide') {
    const decided = await call('moderation.decide', {
      id: command.id,
      decision: command.decision,
    })
    return out.log(decided.said)
  }
  if (command.kind === 'mode') {
    const view = await call('moderation.set', { mode: command.mode })
    return out.log(`Mode: ${view.mode}`)
  }
  let view = await call('moderation.show', {})
  if (command.add.length > 0 || command.remove.length > 0) {
    const removed = new Set(command.remove.map((word) => word.trim().toLowerCase()))
    const words = [...view.words.filter((word) => !removed.has(word)), ...command.add]
    view = await call('moderation.set', { words })
  }
  if (command.json) return out.log(JSON.stringify(view.words, null, 2))
  for (const word of view.words) out.log(printable(word))
}
