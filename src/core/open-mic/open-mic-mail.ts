import { formatCentral, formatInZone } from '../../shared/show-time'
import { composeMail } from '../mail/compose'

/**
 * The open mic's mails (docs/comics.md, "Open mics"): the link that confirms a sign-up, and each
 * comic's place (a slot and its planned time, in Central and their own time, or their place on
 * the waitlist), with the link that withdraws.
 */

export interface PlaceForMail {
  list: 'pool' | 'slot' | 'waitlist'
  position: number
  plannedAt: Date | null
  drawAt: Date | null
}

export type PlaceNews = 'confirmed' | 'drawn' | 'moved-up' | 'moved' | 'again'

function bothTimes(at: Date, timeZone: string): string {
  const central = formatCentral(at)
  if (!timeZone) return central
  const own = formatInZone(at, timeZone)
  return own === central ? central : `${central} (${own} your time)`
}

export function confirmSignupMail(to: string, showName: string, startsAt: Date, link: string) {
  return composeMail(to, `Confirm your open-mic sign-up: ${showName}`, [
    {
      paragraph: `You asked for a spot at the open mic of ${showName}, ${formatCentral(startsAt)}. Your sign-up holds once you confirm it:`,
    },
    { link: { href: link, label: 'Confirm my sign-up' } },
    {
      paragraph:
        'If you did not sign up, you can ignore this mail: nothing happens without the link.',
    },
  ])
}

function placeLine(place: PlaceForMail, timeZone: string): string {
  if (place.list === 'slot') {
    const when = place.plannedAt ? `, planned for ${bothTimes(place.plannedAt, timeZone)}` : ''
    return `You have slot ${place.position} in the running order${when}.`
  }
  if (place.list === 'waitlist') {
    return `You are number ${place.position} on the waitlist: if a comic withdraws, the first on the waitlist moves up, and we tell you.`
  }
  const draw = place.drawAt ? ` at ${bothTimes(place.drawAt, timeZone)}` : ''
  return `Your sign-up is confirmed. Spots are drawn at random${draw}; we mail you your place then.`
}

const subjects: Record<PlaceNews, (show: string) => string> = {
  confirmed: (show) => `Your open-mic sign-up: ${show}`,
  drawn: (show) => `The draw is made: your place at ${show}`,
  'moved-up': (show) => `You moved up: a slot at ${show}`,
  moved: (show) => `Your place at ${show} changed`,
  again: (show) => `You are signed up already: ${show}`,
}

export function placeMail(
  to: string,
  stageName: string,
  showName: string,
  news: PlaceNews,
  place: PlaceForMail,
  timeZone: string,
  withdrawLink: string,
  pageLink: string,
) {
  return composeMail(to, subjects[news](showName), [
    { paragraph: `Hi ${stageName},` },
    { paragraph: placeLine(place, timeZone) },
    { paragraph: 'The running order, as everyone sees it:' },
    { link: { href: pageLink, label: 'The open-mic page' } },
    {
      paragraph:
        'Check in with the host when you arrive. If you cannot make it, please withdraw, so the next comic gets your spot (this link replaces any in earlier mails):',
    },
    { link: { href: withdrawLink, label: 'Withdraw my sign-up' } },
  ])
}
