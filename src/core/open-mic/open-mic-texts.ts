import { openMicLimits } from '../../shared/open-mic'

/** Why a sign-up or a host's change to an open mic was refused. */
export const openMicRefusalTexts = {
  noOpenMic: (show: string) =>
    `${show} is not an open mic (see: npm run admin -- openmic set <show> --slots 10 ...).`,
  notOpen: 'Sign-up for this open mic is not open now.',
  badWindow: 'Sign-up must open before it closes, and close before the show starts.',
  badDrawAt: 'A lottery needs a draw time after sign-up opens and before the show starts.',
  drawnAlready: 'This open mic has been drawn already: its draw stands as recorded.',
  notDrawnYet:
    'This lottery is not drawn yet: until the draw every confirmed sign-up waits in confirmation order, and nobody can be moved or put on the list by hand.',
  notLottery: 'This open mic gives spots first come: there is nothing to draw.',
  nobodyToDraw: 'Nobody has confirmed a sign-up yet: there is nothing to draw.',
  badLink:
    'This link is not valid any more: it was used, or the sign-up it was for is confirmed, withdrawn or over.',
  noSignup: (id: string) => `There is no sign-up "${id}" on this open mic (see: openmic list).`,
  notOnList: (name: string) => `${name} is not on the list or the waitlist.`,
  badPosition: (max: number) => `A place is a number from 1 to ${max}.`,
  emptyList: 'Nobody is on the list: there is no running order to use.',
  rulesAfterSignups:
    'Comics have confirmed already: the slots can change, but not first come to a lottery or back.',
  tooLong: (what: string) =>
    `${what} has at most ${what === 'The note' ? openMicLimits.noteMax : openMicLimits.stageNameMax} characters.`,
  missing: (what: string) => `${what} is needed to sign up.`,
} as const
