import { type StageCommand as StageWord, stageCommands, stageKeyTexts } from '../shared/stage'
import { CliError, type CommandDeps, parseCliOptions } from './cli'

export const stageUsage = `Usage: npm run admin -- stage <command>

  stage test       a sample gift alert on the stream's overlays (it counts for nothing)
  stage pause      hold the alerts: gifts wait until resume
  stage resume     show the alerts again, those that waited first
  stage skip       drop the alert on screen now
  stage key        the overlay's URL with the stage key, for OBS's browser source
  stage key --new  a new key: the old URL loses the overlay's own seats`

export type StageCommand =
  | { kind: 'help' }
  | { kind: 'send'; action: StageWord }
  | { kind: 'key'; renew: boolean }

const options = {
  help: { type: 'boolean', short: 'h' },
  new: { type: 'boolean' },
} as const

function isStageWord(word: string): word is StageWord {
  return (stageCommands as readonly string[]).includes(word)
}

/** Reads `stage ...` (without the area word); touches nothing. */
export function parseStageCommand(args: string[]): StageCommand {
  const { values, positionals } = parseCliOptions(args, options, 'stage')
  const [verb, ...rest] = positionals
  if (values.help || verb === undefined || verb === 'help') return { kind: 'help' }
  if (verb !== 'key' && !isStageWord(verb)) {
    throw new CliError(`Unknown command "stage ${verb}". See: npm run admin -- stage --help`)
  }
  if (rest.length > 0) throw new CliError(`stage ${verb} takes nothing more.`)
  if (verb === 'key') return { kind: 'key', renew: values.new === true }
  if (values.new) throw new CliError(`stage ${verb} takes no --new (only stage key does).`)
  return { kind: 'send', action: verb }
}

/** Sends the host's command to every reader of the stream, or prints the overlay's URL. */
export async function executeStageCommand(
  command: StageCommand,
  { call, out }: CommandDeps,
): Promise<void> {
  if (command.kind === 'help') return out.log(stageUsage)
  if (command.kind === 'key') {
    const view = await call('stage.key', { renew: command.renew })
    if (view.renewed) out.log(stageKeyTexts.renewed)
    return out.log(view.overlayUrl)
  }
  const sent = await call('stage.send', { action: command.action })
  out.log(sent.said)
}
