import { formatUsd, parseDollars } from '../shared/money'
import { monthPattern, type PotRule, potRules } from '../shared/settlements'
import { payoutSubject } from '../shared/statement-ledger'
import { CliError, type CommandDeps, parseCliOptions } from './cli'
import { settlementLines, statementLines } from './comics-money-text'

export const comicsMoneyUsage = `What the club owes each comic (docs/comics.md, "Settling with the comics"):

  comics statement <comic> [--month YYYY-MM] [--json]
                                   their shows, boosts, lines, adjustments, payouts, still owed
  comics settlements [--month YYYY-MM] [--json]
                                   shows with money or sets, open or closed, latest first
  comics settlement <show> [--json]
                                   one show's settlement: per comic, the pot, the club
  comics settle <show> | --month YYYY-MM [--check]
                                   close it (a month: every show of it that is over);
                                   --check says what it would close, touching nothing
  comics payout <comic> --amount 25.00 --date YYYY-MM-DD --reference REF [--method PayPal] [--force] [--check]
                                   record money paid outside the product (PayPal, a transfer);
                                   the comic is mailed what was sent, how and its reference
  comics send-statements [<comic>] [--check]
                                   mail the comic (or every comic with books) a link to their statement
  comics settings [--share 70] [--member-boost 0.50] [--pot ${potRules.join('|')}]
                                   the comics' terms: shown, or changed
  comics link <comic> [--print]    mail a comic a sign-in link to their statement (or print it)

A comic is named by id or slug; a show by id (see: events list --all).`

export type ComicsMoneyCommand =
  | { kind: 'help' }
  | { kind: 'statement'; comic: string; month?: string; json: boolean }
  | { kind: 'settlements'; month?: string; json: boolean }
  | { kind: 'settlement'; show: string; json: boolean }
  | { kind: 'settle'; show?: string; month?: string; check: boolean }
  | { kind: 'send-statements'; comic?: string; check: boolean }
  | {
      kind: 'payout'
      comic: string
      amountCents: number
      paidOn: string
      reference: string
      method?: string
      force: boolean
      check: boolean
    }
  | { kind: 'settings'; sharePercent?: number; memberBoostCents?: number; potRule?: PotRule }
  | { kind: 'link'; comic: string; print: boolean }

const options = {
  month: { type: 'string' },
  json: { type: 'boolean' },
  amount: { type: 'string' },
  date: { type: 'string' },
  reference: { type: 'string' },
  method: { type: 'string' },
  force: { type: 'boolean' },
  share: { type: 'string' },
  'member-boost': { type: 'string' },
  pot: { type: 'string' },
  print: { type: 'boolean' },
  check: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const

/** The comics area's verbs that are about money: a roster parser of the same area hands these here. */
export const comicsMoneyVerbs = [
  'statement',
  'settlements',
  'settlement',
  'settle',
  'payout',
  'settings',
  'link',
  'send-statements',
] as const

/** "25", "25.5", "25.50" dollars in cents; undefined when it is not an amount. */
export function dollarsToCents(text: string): number | undefined {
  return parseDollars(text)
}

function monthOption(month: string | undefined): { month?: string } {
  if (month === undefined) return {}
  if (!monthPattern.test(month)) throw new CliError(`Bad --month "${month}": write it as YYYY-MM.`)
  return { month }
}

/** Reads `comics statement|settlements|settlement|settle|payout|settings|link ...`; touches nothing. */
export function parseComicsMoneyCommand(args: string[]): ComicsMoneyCommand {
  const { values, positionals } = parseCliOptions(args, options, 'comics')
  const [verb, ...rest] = positionals
  if (values.help || verb === undefined || verb === 'help') return { kind: 'help' }
  const one = (what: string) => {
    const value = rest.length === 1 ? rest[0]?.trim() : undefined
    if (!value) throw new CliError(`comics ${verb} takes one ${what}.`)
    return value
  }
  const json = values.json ?? false
  switch (verb) {
    case 'statement':
      return { kind: 'statement', comic: one('comic'), json, ...monthOption(values.month) }
    case 'settlements':
      return { kind: 'settlements', json, ...monthOption(values.month) }
    case 'settlement':
      return { kind: 'settlement', show: one('show id'), json }
    case 'settle': {
      const check = values.check ?? false
      if (values.month !== undefined && rest.length === 0)
        return { kind: 'settle', ...monthOption(values.month), check }
      return { kind: 'settle', show: one('show id (or --month YYYY-MM)'), check }
    }
    case 'send-statements': {
      if (rest.length > 1) throw new CliError('comics send-statements takes one comic, or none.')
      const comic = rest[0]?.trim()
      return { kind: 'send-statements', ...(comic ? { comic } : {}), check: values.check ?? false }
    }
    case 'payout': {
      const amountCents = dollarsToCents(values.amount ?? '')
      if (!amountCents) throw new CliError('comics payout needs --amount in dollars, e.g. 25.00.')
      if (!values.date)
        throw new CliError('comics payout needs --date YYYY-MM-DD: the day it was paid.')
      if (!values.reference?.trim())
        throw new CliError("comics payout needs --reference: the transfer's reference.")
      return {
        kind: 'payout',
        comic: one('comic'),
        amountCents,
        paidOn: values.date,
        reference: values.reference,
        ...(values.method?.trim() ? { method: values.method.trim() } : {}),
        force: values.force ?? false,
        check: values.check ?? false,
      }
    }
    case 'settings': {
      const share = values.share === undefined ? undefined : Number(values.share.replace(/%$/, ''))
      if (share !== undefined && !(Number.isInteger(share) && share >= 0 && share <= 100))
        throw new CliError(`Bad --share "${values.share}": a whole percent from 0 to 100.`)
      const member = values['member-boost']
      const memberCents = member === undefined ? undefined : dollarsToCents(member)
      if (member !== undefined && memberCents === undefined)
        throw new CliError(`Bad --member-boost "${member}": dollars, e.g. 0.50.`)
      const pot = values.pot
      if (pot !== undefined && !(potRules as readonly string[]).includes(pot))
        throw new CliError(`Bad --pot "${pot}": one of ${potRules.join(', ')}.`)
      return {
        kind: 'settings',
        ...(share !== undefined ? { sharePercent: share } : {}),
        ...(memberCents !== undefined ? { memberBoostCents: memberCents } : {}),
        ...(pot !== undefined ? { potRule: pot as PotRule } : {}),
      }
    }
    case 'link':
      return { kind: 'link', comic: one('comic'), print: values.print ?? false }
    default:
      throw new CliError(`Unknown command "comics ${verb}". See: npm run admin -- comics --help`)
  }
}

export async function executeComicsMoneyCommand(
  command: ComicsMoneyCommand,
  { call, out }: CommandDeps,
): Promise<void> {
  switch (command.kind) {
    case 'help':
      return out.log(comicsMoneyUsage)
    case 'statement': {
      const { kind: _, json, ...input } = command
      const statement = await call('comics.statement', input)
      if (json) return out.log(JSON.stringify(statement, null, 2))
      for (const line of statementLines(statement)) out.log(line)
      return
    }
    case 'settlements': {
      const list = await call('settlements.list', command.month ? { month: command.month } : {})
      if (command.json) return out.log(JSON.stringify(list, null, 2))
      if (list.length === 0) return out.log('No shows with money or sets in this period.')
      for (const s of list) {
        out.log(
          `${s.show.id}  ${s.closed ? 'closed' : 'open  '}  ${s.show.name}  ${s.boosts} boosts  in ${formatUsd(s.moneyCents)}, comics ${formatUsd(s.comicsCents)}, club ${formatUsd(s.clubCents)}`,
        )
      }
      return
    }
    case 'settlement': {
      const view = await call('settlements.show', { show: command.show })
      if (command.json) return out.log(JSON.stringify(view, null, 2))
      for (const line of settlementLines(view)) out.log(line)
      return
    }
    case 'settle': {
      const input = command.show ? { show: command.show } : { month: command.month ?? '' }
      if (command.check) {
        const preview = await call('settlements.close-check', input)
        out.log(preview.sentence)
        for (const show of preview.leftOpen) out.log(`Left open: ${show.why}`)
        if (preview.statements.held) out.log(preview.statements.held)
        if (preview.statements.toMail.length > 0)
          out.log(`Statements would be mailed to ${preview.statements.toMail.join(', ')}.`)
        return
      }
      const { closed, skipped, statements } = await call('settlements.close', input)
      for (const view of closed) for (const line of settlementLines(view)) out.log(line)
      for (const show of skipped) out.log(`Left open: ${show.why}`)
      if (closed.length === 0) out.log('Nothing to close.')
      if (statements.held) out.log(statements.held)
      if (statements.mailed.length > 0)
        out.log(`Statements mailed to ${statements.mailed.join(', ')}.`)
      if (statements.withoutAddress.length > 0)
        out.log(`No payout address, no statement mailed: ${statements.withoutAddress.join(', ')}.`)
      return
    }
    case 'payout': {
      const { kind: _, check, ...input } = command
      if (check) {
        const preview = await call('payouts.check', input)
        out.log(preview.sentence)
        if (preview.refusal) return out.log(`Refused: ${preview.refusal}`)
        return out.log(
          `Still owed after it: ${formatUsd(preview.afterCents)}. ${preview.mailTo ? `${preview.comic.name} would be mailed.` : `${preview.comic.name} has no payout address: nobody would be mailed.`}`,
        )
      }
      const { payout, stillOwedCents, mailed } = await call('payouts.record', input)
      out.log(
        `Recorded ${formatUsd(payout.amountCents)} paid to ${payout.comic.name} on ${payout.paidOn} (${payout.reference}). Still owed: ${formatUsd(stillOwedCents)}.`,
      )
      return out.log(
        mailed
          ? `${payout.comic.name} is mailed: "${payoutSubject(payout)}".`
          : `${payout.comic.name} has no payout address: nobody was mailed.`,
      )
    }
    case 'settings': {
      const { kind: _, ...changes } = command
      const terms =
        Object.keys(changes).length > 0
          ? (await call('settlements.set-terms', changes)).terms
          : await call('settlements.terms', {})
      out.log(`Comics' share: ${terms.sharePercent}%`)
      out.log(`A member boost is worth: ${formatUsd(terms.memberBoostCents)}`)
      return out.log(`The pot (boosts while nobody is on stage): ${terms.potRule}`)
    }
    case 'send-statements': {
      const input = command.comic ? { comic: command.comic } : {}
      if (command.check) return out.log((await call('statements.send-check', input)).sentence)
      const { mailed, withoutAddress } = await call('statements.send', input)
      out.log(
        mailed.length > 0 ? `Statements mailed to ${mailed.join(', ')}.` : 'Nobody was mailed.',
      )
      if (withoutAddress.length > 0)
        out.log(`No payout address, no statement mailed: ${withoutAddress.join(', ')}.`)
      return
    }
    case 'link': {
      const link = await call('comics.link', { comic: command.comic, print: command.print })
      if (link.url) {
        out.log(link.url)
        return out.log(`For ${link.email}, once, until ${link.expiresAt}.`)
      }
      return out.log(`A sign-in link to their statement is on its way to ${link.email}.`)
    }
  }
}
