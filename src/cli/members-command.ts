import { Refusal } from '../core/refusal'
import { findProduct } from '../shared/catalogue'
import { normalizeCode } from '../shared/code-format'
import { isSimpleEmail } from '../shared/email'
import {
  type MembershipStatus,
  membershipStatuses,
  membershipStatusText,
} from '../shared/memberships'
import { formatUsd } from '../shared/money'
import type { OperatorInput, OperatorResult } from '../shared/operator'
import type { MemberDetail, MemberSummary } from '../shared/operator-views'
import { formatCentralTime } from '../shared/show-time'
import { allPages, CliError, type CommandDeps, parseCliOptions } from './cli'

export const membersUsage = `Usage: npm run admin -- members <command>

  members list [--email PART] [--status S] [--json]
                                   memberships, newest first; --email: part of the address or a
                                   member code; S: ${membershipStatuses.join(', ')}
  members show <id|code|email> [--json]
                                   tier, where it stands, period, boosts left, member code and
                                   the member's gifts at each show
  members cancel <id|code|email> [--now] [--json]
                                   stop the renewals: the perks last to the end of the paid
                                   period; --now ends them at once
  (orders refund <membership id> [--force] [--yes] refunds its latest payment, within 7 days,
   and ends it at once)

--json prints one JSON array (list) or object (show) for scripts.`

export type MembersCommand =
  | { kind: 'help' }
  | { kind: 'list'; search?: string; status?: MembershipStatus; json: boolean }
  | { kind: 'show'; lookup: OperatorInput<'members.show'>; json: boolean }
  | { kind: 'cancel'; lookup: OperatorInput<'members.show'>; now: boolean; json: boolean }

const options = {
  email: { type: 'string' },
  status: { type: 'string' },
  json: { type: 'boolean' },
  now: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const

const allowed: Record<string, (keyof typeof options)[]> = {
  'members list': ['email', 'status', 'json'],
  'members show': ['json'],
  'members cancel': ['now', 'json'],
}

/** An address has an @, a member code reads as 12 code symbols; anything else is an id. */
function lookupOf(who: string): OperatorInput<'members.show'> {
  if (who.includes('@')) {
    if (!isSimpleEmail(who)) {
      throw new CliError(`Bad address "${who}": write a whole address, e.g. fan@example.com.`)
    }
    return { email: who }
  }
  const code = normalizeCode(who)
  return code.ok && code.kind === 'member' ? { code: code.code } : { id: who }
}

function isStatus(value: string): value is MembershipStatus {
  return (membershipStatuses as readonly string[]).includes(value)
}

/** Reads `members ...` (without the area word); touches nothing. */
export function parseMembersCommand(args: string[]): MembersCommand {
  const { values, positionals } = parseCliOptions(args, options, 'members')
  const [verb, ...rest] = positionals
  if (values.help || verb === undefined || verb === 'help') return { kind: 'help' }
  const name = `members ${verb}`
  const takes = allowed[name]
  if (!takes) throw new CliError(`Unknown command "${name}". See: npm run admin -- members --help`)
  for (const option of Object.keys(values) as (keyof typeof options)[]) {
    if (option !== 'help' && !takes.includes(option)) {
      throw new CliError(`${name} does not take --${option}. See: npm run admin -- members --help`)
    }
  }
  const json = values.json ?? false
  if (verb === 'show' || verb === 'cancel') {
    if (rest.length !== 1 || !rest[0]?.trim()) {
      throw new CliError(`members ${verb} takes one membership id, member code or address.`)
    }
    const lookup = lookupOf(rest[0].trim())
    if (verb === 'cancel') return { kind: 'cancel', lookup, now: values.now ?? false, json }
    return { kind: 'show', lookup, json }
  }
  if (rest.length > 0) throw new CliError(`members list takes no "${rest[0]}": use the options.`)
  const status = values.status?.trim()
  if (status !== undefined && !isStatus(status)) {
    throw new CliError(`Bad --status "${status}": one of ${membershipStatuses.join(', ')}.`)
  }
  const search = values.email?.trim()
  return {
    kind: 'list',
    json,
    ...(search ? { search } : {}),
    ...(status ? { status } : {}),
  }
}

function tierText(tier: MemberSummary['tier']): string {
  return findProduct(tier)?.name ?? tier
}

function when(iso: string | null): string {
  return iso ? formatCentralTime(new Date(iso)) : '-'
}

export function memberLine(member: MemberSummary): string {
  return [
    member.id,
    member.memberCode,
    membershipStatusText(member).padEnd(8),
    tierText(member.tier),
    member.email,
    `${member.boostsLeft} boosts left`,
    `since ${when(member.createdAt)}`,
  ].join('  ')
}

export function memberDetail(member: MemberDetail): string[] {
  const next = member.nextTier ? `, ${tierText(member.nextTier)} from the next period` : ''
  const cancels = member.cancelAtPeriodEnd ? ', ends then (cancelled)' : ''
  const lines = [
    `Member ${member.id}  ${membershipStatusText(member)}`,
    `  email      ${member.email}`,
    `  name       ${member.displayName ?? '-'}`,
    `  tier       ${tierText(member.tier)}${next}`,
    `  code       ${member.memberCode}`,
    `  period     ${member.periodStart ? `${when(member.periodStart)} to ${when(member.periodEnd)}${cancels}` : 'not started'}`,
    `  boosts     ${member.boostsLeft} left this period`,
    `  since      ${when(member.createdAt)}`,
  ]
  if (member.endedAt) {
    lines.push(
      `  ended      ${when(member.endedAt)}${member.endReason ? ` (${member.endReason})` : ''}`,
    )
  }
  lines.push(member.redemptions.length > 0 ? '  gifts' : '  gifts      none')
  for (const gift of member.redemptions) {
    lines.push(
      `    ${when(gift.at)}  ${gift.boosts} boosts${gift.anonymous ? ' (anonymous)' : ''}  ${gift.showName ?? gift.showId} (${gift.showId})`,
    )
  }
  return lines
}

export async function executeMembersCommand(
  command: MembersCommand,
  { call, out }: CommandDeps,
): Promise<void> {
  switch (command.kind) {
    case 'help':
      return out.log(membersUsage)
    case 'list': {
      const { kind: _, json, ...filter } = command
      const members = await allPages((page) =>
        call('members.list', { ...filter, page, pageSize: 1000 }),
      )
      if (json) return out.log(JSON.stringify(members, null, 2))
      if (members.length === 0) return out.log('No memberships match.')
      for (const member of members) out.log(memberLine(member))
      return out.log(`${members.length} membership${members.length === 1 ? '' : 's'}.`)
    }
    case 'show': {
      const member = await call('members.show', command.lookup)
      if (command.json) return out.log(JSON.stringify(member, null, 2))
      for (const line of memberDetail(member)) out.log(line)
      return
    }
    case 'cancel': {
      const member = await call('members.cancel', { ...command.lookup, now: command.now })
      if (command.json) return out.log(JSON.stringify(member, null, 2))
      return out.log(
        command.now
          ? `Cancelled membership ${member.id} (${member.email}): it has ended, its member code no longer works.`
          : `Cancelled membership ${member.id} (${member.email}): its perks last until ${when(member.periodEnd)}, then it ends.`,
      )
    }
  }
}

/** `orders refund <membership id>`: a membership's latest payment, asked first unless --yes. */
export async function refundMembershipCommand(
  command: { id: string; force: boolean; yes: boolean },
  { call, out, confirm }: CommandDeps,
): Promise<void> {
  const member = await call('members.show', { id: command.id })
  if (!command.yes) {
    if (!confirm) {
      throw new CliError('There is no terminal to confirm on: add --yes to refund without asking.')
    }
    const question = `Refund the latest payment of membership ${member.id} (${member.email}, ${tierText(member.tier)}) and end it now? [y/N] `
    if (!(await confirm(question))) return out.log('Nothing refunded.')
  }
  let refunded: OperatorResult<'members.refund'>
  try {
    refunded = await call('members.refund', { id: command.id, force: command.force })
  } catch (error) {
    if (error instanceof Refusal && error.details.advice === 'force') {
      throw new CliError(`${error.message} Add --force to refund it anyway.`)
    }
    throw error
  }
  out.log(
    `Refunded ${formatUsd(refunded.refundedCents)} of membership ${member.id} (${refunded.invoice}); it has ended and its member code no longer works.`,
  )
}

/** Membership ids read `mem_...`; `orders refund` sends them here. */
export function isMembershipId(id: string): boolean {
  return id.startsWith('mem_')
}
