import type { StageView } from '../shared/comics'
import { formatCentralTime } from '../shared/show-time'
import { type StageCommand as StageWord, stageCommands, stageKeyTexts } from '../shared/stage'
import { type SupportersView, supportersTexts } from '../shared/supporters'
import { CliError, type CommandDeps, parseCliOptions } from './cli'
import {
  executeMessagesCommand,
  type MessagesCommand,
  messagesUsage,
  parseMessagesCommand,
} from './messages-command'

export const stageUsage = `Usage: npm run admin -- stage <command>

  stage now              who is on stage tonight, since when, and who is next
  stage next             the next comic of the lineup on stage
  stage on <comic>       a comic (id or slug) on stage, on the lineup or not
  stage off              nobody on stage: an intermission, or the show's end
                         (each takes --show ID for another show than tonight's, and --json;
                         every screen says who is on at once: the overlay, the board, the site)
  stage test       a sample gift alert on the stream's overlays (it counts for nothing)
  stage pause      hold the alerts: gifts wait until resume
  stage resume     show the alerts again, those that waited first
  stage skip       drop the alert on screen now
  stage key        the overlay's URL with the stage key, for OBS's browser source
  stage key --new  a new key: the old URL loses the overlay's own seats
  stage supporters         tonight's top supporters, and whether the overlay shows them
  stage supporters on|off  show them on the overlay, or not (the board always does; --json)

${messagesUsage}`

/** The verbs that say or change who is on stage. */
const moves = ['now', 'next', 'on', 'off'] as const
type StageMoveWord = (typeof moves)[number]

export type StageCommand =
  | { kind: 'help' }
  | { kind: 'send'; action: StageWord }
  | { kind: 'key'; renew: boolean }
  | { kind: 'supporters'; on?: boolean; json: boolean }
  | { kind: 'move'; verb: StageMoveWord; comic?: string; show?: string; json: boolean }
  | { kind: 'messages'; command: MessagesCommand }

const options = {
  help: { type: 'boolean', short: 'h' },
  new: { type: 'boolean' },
  show: { type: 'string' },
  json: { type: 'boolean' },
} as const

function isStageWord(word: string): word is StageWord {
  return (stageCommands as readonly string[]).includes(word)
}

function isMove(word: string): word is StageMoveWord {
  return (moves as readonly string[]).includes(word)
}

/** Reads `stage ...` (without the area word); touches nothing. */
export function parseStageCommand(args: string[]): StageCommand {
  if (args[0] === 'messages') {
    const command = parseMessagesCommand(args.slice(1))
    return command.kind === 'help' ? { kind: 'help' } : { kind: 'messages', command }
  }
  const { values, positionals } = parseCliOptions(args, options, 'stage')
  const [verb, ...rest] = positionals
  if (values.help || verb === undefined || verb === 'help') return { kind: 'help' }
  if (isMove(verb)) {
    if (values.new) throw new CliError(`stage ${verb} takes no --new (only stage key does).`)
    const [comic, ...more] = rest
    if (verb === 'on' && comic === undefined) throw new CliError('stage on needs a comic.')
    if (verb === 'on' ? more.length > 0 : rest.length > 0) {
      throw new CliError(`stage ${verb} takes ${verb === 'on' ? 'one comic' : 'nothing more'}.`)
    }
    return {
      kind: 'move',
      verb,
      json: values.json === true,
      ...(verb === 'on' && comic !== undefined ? { comic } : {}),
      ...(values.show !== undefined ? { show: values.show } : {}),
    }
  }
  if (verb === 'supporters') return parseSupporters(rest, values)
  if (verb !== 'key' && !isStageWord(verb)) {
    throw new CliError(`Unknown command "stage ${verb}". See: npm run admin -- stage --help`)
  }
  if (rest.length > 0) throw new CliError(`stage ${verb} takes nothing more.`)
  if (values.show !== undefined || values.json) {
    throw new CliError(`stage ${verb} takes no --show or --json.`)
  }
  if (verb === 'key') return { kind: 'key', renew: values.new === true }
  if (values.new) throw new CliError(`stage ${verb} takes no --new (only stage key does).`)
  return { kind: 'send', action: verb }
}

/** `stage supporters [on|off] [--json]`. */
function parseSupporters(
  rest: string[],
  values: { new?: boolean | undefined; show?: string | undefined; json?: boolean | undefined },
): StageCommand {
  const [word, ...more] = rest
  if (more.length > 0 || (word !== undefined && word !== 'on' && word !== 'off')) {
    throw new CliError('stage supporters takes on or off, or nothing.')
  }
  if (values.new || values.show !== undefined) {
    throw new CliError('stage supporters takes no --new or --show (it is about tonight).')
  }
  const json = values.json === true
  return word === undefined
    ? { kind: 'supporters', json }
    : { kind: 'supporters', on: word === 'on', json }
}

/** Tonight's list as the host reads it, under what the overlay does with it. */
export function supportersLines(view: SupportersView): string[] {
  const list = view.supporters.map((supporter, i) => `  ${supportersTexts.line(i + 1, supporter)}`)
  return [
    view.overlay ? supportersTexts.console.on : supportersTexts.console.off,
    ...(list.length > 0 ? list : [`  ${supportersTexts.console.none}`]),
  ]
}

/** The stage as the host reads it: the show, who is on and since when, who is next. */
export function stageLines(stage: StageView): string[] {
  const on = stage.onStage
  const since = on ? ` (since ${formatCentralTime(new Date(on.startedAt)).slice(-8)})` : ''
  return [
    `${stage.showName} (${formatCentralTime(new Date(stage.startsAt))})`,
    `On stage: ${on ? `${on.comic.name}${since}` : 'nobody'}`,
    `Next: ${stage.next?.name ?? 'nobody (the end of the lineup)'}`,
  ]
}

/** Says or changes who is on stage; prints the stage after it. */
async function executeMove(
  command: Extract<StageCommand, { kind: 'move' }>,
  { call, out }: CommandDeps,
): Promise<void> {
  const show = command.show !== undefined ? { show: command.show } : {}
  if (command.verb === 'now') {
    const stage = await call('stage.show', show)
    if (command.json) return out.log(JSON.stringify(stage, null, 2))
    for (const line of stageLines(stage)) out.log(line)
    return
  }
  const change =
    command.verb === 'on'
      ? await call('stage.on', { comic: command.comic ?? '', ...show })
      : await call(command.verb === 'next' ? 'stage.next' : 'stage.off', show)
  if (command.json) return out.log(JSON.stringify(change, null, 2))
  if (!change.changed) out.log('The stage was already so: nothing changed.')
  for (const line of stageLines(change.stage)) out.log(line)
}

/** Sends the host's command to every reader of the stream, or prints the overlay's URL. */
export async function executeStageCommand(command: StageCommand, deps: CommandDeps): Promise<void> {
  const { call, out } = deps
  if (command.kind === 'help') return out.log(stageUsage)
  if (command.kind === 'move') return executeMove(command, deps)
  if (command.kind === 'messages') return executeMessagesCommand(command.command, deps)
  if (command.kind === 'supporters') {
    const view =
      command.on === undefined
        ? await call('supporters.show', {})
        : await call('supporters.overlay', { on: command.on })
    if (command.json) return out.log(JSON.stringify(view, null, 2))
    for (const line of supportersLines(view)) out.log(line)
    return
  }
  if (command.kind === 'key') {
    const view = await call('stage.key', { renew: command.renew })
    if (view.renewed) out.log(stageKeyTexts.renewed)
    return out.log(view.overlayUrl)
  }
  const sent = await call('stage.send', { action: command.action })
  out.log(sent.said)
}
