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
  seedCommitted: (hash: string) =>
    `The draw's seed is fixed and secret until the draw; its SHA-256, public on the open mic's page: ${hash}`,
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
  badTime: (what: string) => `${what}: type a time like 2026-12-01 19:00.`,
  badNumber: (what: string) => `${what} must be a whole number in the range shown.`,
} as const
