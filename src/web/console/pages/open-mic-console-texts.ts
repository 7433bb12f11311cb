import { openMicLimits } from '../../../shared/open-mic'

/**
 * The console's words for open mics (docs/comics.md, "Open mics"): the panel behind a show's
 * "Open mic" button on the Shows page. Only that panel's chunk loads them.
 */
export const openMicConsoleTexts = {
  notYet:
    'This show is not an open mic yet. Set its slots and sign-up window to open it to comics.',
  timeHint: 'Central time, e.g. 2026-12-01 19:00.',
  slotsHint: `1 to ${openMicLimits.slotsMax} slots, each ${openMicLimits.setMinutesMax} minutes at most.`,
  ruleHint:
    'First come: the first confirmed sign-ups take the slots. Lottery: the slots are drawn at random at the draw time (or when you press Draw).',
  saved: 'Saved the open mic.',
  drawn: (seed: string) => `Drawn. The seed ${seed} and the lists are recorded on the public page.`,
  drawnWith: (seed: string) => `Drawn with the seed ${seed}.`,
  seedCommitted:
    "The draw's seed is fixed and secret until the draw; its SHA-256, public on the open mic's page:",
  poolFixed:
    'Until the draw, confirmed sign-ups wait in confirmation order: moving or reordering them is refused.',
  lineupMade: 'The running order is now the show’s lineup: “Next” on Tonight follows it.',
  lineupSame: 'The lineup already follows the running order: nothing was changed.',
  emptyList: 'Nobody is on the list yet.',
  emptyWaitlist: 'Nobody is waiting.',
  pending: (n: number) =>
    n === 1
      ? 'One sign-up waits for its comic to confirm it from the mail.'
      : `${n} sign-ups wait for their comics to confirm them from the mail.`,
  drawOpen: 'Draw now…',
  drawNow: 'Draw now',
  drawAsk: 'Draw the lottery now?',
  drawOpenFor: (howLong: string, until: string) =>
    `Sign-up is still open for ${howLong} (until ${until}): anyone who confirms after the draw joins the end of the waitlist.`,
  drawNotOpened: (opens: string) =>
    `Sign-up has not opened yet (it opens ${opens}): nobody would be drawn.`,
  drawClosed: 'Sign-up is closed: every confirmed sign-up is in the draw.',
  drawFinal: 'The draw is made once and published; it cannot be undone.',
  slotsOpen: (n: number) =>
    n === 0 ? 'Every slot is taken.' : n === 1 ? '1 slot open.' : `${n} slots open.`,
  signedUp: 'Signed up',
  closeSignUp: 'Close sign-up now',
  signUpClosed: 'Sign-up is closed: the form takes no more sign-ups.',
  badTime: (what: string) => `${what}: type a time like 2026-12-01 19:00.`,
  badNumber: (what: string) => `${what} must be a whole number in the range shown.`,
} as const
