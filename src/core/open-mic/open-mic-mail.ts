import { formatCentral, formatInZone } from '../../shared/show-time'
import { composeMail } from '../mail/compose'

/**
 * The open mic's mails (docs/comics.md, "Open mics"): the link that confirms a sign-up, with the
 * names it confirms, and each comic's place (a slot and its planned time, in Central and their
 * own time, or their place on the waitlist), with the link that withdraws.
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

/** What a sign-up request was typed with: what its own confirm link confirms, and nothing else. */
export interface SignupFields {
  stageName: string
  vrchatName: string
  note: string
}

export function confirmSignupMail(
  to: string,
  showName: string,
  startsAt: Date,
  link: string,
  fields: SignupFields,
) {
  return composeMail(to, `Confirm your open-mic sign-up: ${showName}`, [
    {
      paragraph: `You asked for a spot at the open mic of ${showName}, ${formatCentral(startsAt)}, with this address and these names:`,
    },
    {
      list: [
        `Stage name: ${fields.stageName}`,
        `VRChat display name: ${fields.vrchatName}`,
        // The note is shown on the page before confirming, not here: a mail carries no one's long text.
        ...(fields.note ? ['A note for the host, which the page shows before you confirm'] : []),
      ],
    },
    { paragraph: 'Your sign-up holds once you confirm it, with exactly these names:' },
    { link: { href: link, label: 'Confirm my sign-up' } },
    {
      paragraph:
        'If you did not sign up, or these are not the names you gave, ignore this mail: nothing happens without the link, and a sign-up you made yourself keeps its own.',
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
        'Check in with the host when you arrive. If you cannot make it, please withdraw, so the next comic gets your spot:',
    },
    { link: { href: withdrawLink, label: 'Withdraw my sign-up' } },
  ])
}
