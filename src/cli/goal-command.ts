import { goalTexts } from '../shared/goal'
import { type GoalStanding, goalOperatorInputs } from '../shared/goal-operator'
import { CliError, type CommandDeps, parseCliOptions } from './cli'

export const goalUsage = `Usage: npm run admin -- goal <command>

  goal show                               tonight's goal and how far the room is
  goal set --boosts 500 --reward "TEXT"   the goal: the boosts to reach and what happens then;
                                          before it is reached this changes it, once it is
                                          reached a higher number raises it to the next level
                         (each takes --show ID for another show than tonight's, and --json;
                         the overlay, the board, the stage's panel and the site show it at once,
                         and reaching it plays its own alert on the overlay, once)`

export type GoalCommand =
  | { kind: 'help' }
  | { kind: 'show'; show?: string; json: boolean }
  | { kind: 'set'; boosts: number; reward: string; show?: string; json: boolean }

const options = {
  help: { type: 'boolean', short: 'h' },
  boosts: { type: 'string' },
  reward: { type: 'string' },
  show: { type: 'string' },
  json: { type: 'boolean' },
} as const

/** Reads `goal ...` (without the area word); touches nothing. */
export function parseGoalCommand(args: string[]): GoalCommand {
  const { values, positionals } = parseCliOptions(args, options, 'goal')
  const [verb, ...rest] = positionals
  if (values.help || verb === undefined || verb === 'help') return { kind: 'help' }
  if (rest.length > 0) throw new CliError(`goal ${verb} takes no more words: quote the reward.`)
  const show = values.show !== undefined ? { show: values.show } : {}
  const json = values.json === true
  if (verb === 'show') {
    if (values.boosts !== undefined || values.reward !== undefined) {
      throw new CliError('goal show takes no --boosts or --reward (goal set does).')
    }
    return { kind: 'show', json, ...show }
  }
  if (verb !== 'set') {
    throw new CliError(`Unknown command "goal ${verb}". See: npm run admin -- goal --help`)
  }
  if (values.boosts === undefined || values.reward === undefined) {
    throw new CliError('goal set needs --boosts N and --reward "what happens when it is reached".')
  }
  const boosts = Number(values.boosts)
  const checked = goalOperatorInputs['goal.set'].shape.boosts.safeParse(boosts)
  if (!/^\d+$/.test(values.boosts) || !checked.success) {
    throw new CliError(`--boosts must be a whole number of boosts from 1, not "${values.boosts}".`)
  }
  return { kind: 'set', boosts, reward: values.reward, json, ...show }
}

/** The goal as the host reads it. */
export function goalLines(standing: GoalStanding): string[] {
  const { goal } = standing
  if (!goal) return [standing.show, goalTexts.none]
  return [
    `${standing.show}: ${goalTexts.level(goal.level).toLowerCase()}${goal.reached ? `, ${goalTexts.reachedTitle.toLowerCase()}` : ''}`,
    goalTexts.progress(standing.totalBoosts, goal),
  ]
}

export async function executeGoalCommand(command: GoalCommand, { call, out }: CommandDeps) {
  if (command.kind === 'help') return out.log(goalUsage)
  const show = command.show !== undefined ? { show: command.show } : {}
  if (command.kind === 'show') {
    const standing = await call('goal.show', show)
    if (command.json) return out.log(JSON.stringify(standing, null, 2))
    for (const line of goalLines(standing)) out.log(line)
    return
  }
  const change = await call('goal.set', { boosts: command.boosts, reward: command.reward, ...show })
  if (command.json) return out.log(JSON.stringify(change, null, 2))
  out.log(change.said)
  out.log(goalTexts.progress(change.totalBoosts, change.goal))
}
