import { comicLimits } from '../../../shared/comics'
import { consolePageTexts } from '../../../shared/console'

/**
 * The console's words for the comics (docs/comics.md, "In the console"): the Comics page, the
 * lineup editor and the stage control on Tonight. Only the pages that show them load them.
 */
export const comicConsoleTexts = {
  empty: 'No comics on the roster yet. Add the first one.',
  emptyArchived: 'No comics on the roster yet, archived or not.',
  added: (name: string) => `Added ${name} to the roster.`,
  saved: consolePageTexts.shows.saved,
  unchanged: consolePageTexts.shows.unchanged,
  archived: (name: string) =>
    `Archived ${name}: off the public pages and out of new lineups. Their sets and credit stay.`,
  unarchived: (name: string) => `${name} is back on the roster.`,
  vrchatPrivate: (name: string) => `${name} (not public)`,
  locked: (name: string) => `Locked ${name}'s page: only you can change it now.`,
  unlocked: (name: string) => `Unlocked ${name}'s page: they can edit it again.`,
  undone: (name: string, fields: string) => `Undid ${name}'s last change of their page: ${fields}.`,
  pictureHint: 'An image file: the server checks it, then sizes it for the site.',
  pictureSaved: (name: string) => `Saved ${name}'s picture.`,
  pictureNone: 'No picture yet.',
  pictureChoose: 'Choose an image file first.',
  lineupEmpty: 'Nobody on this lineup yet. Add comics from the roster below.',
  lineupSaved: (show: string) => `Saved the lineup of ${show}.`,
  lineupUnchanged: 'The lineup was already like this: nothing was changed.',
  lineupUnsaved: 'Changes not saved yet.',
  moved: (name: string, position: number, of: number) => `${name} is now ${position} of ${of}.`,
  addedToLineup: (name: string, position: number) =>
    `${name} is now ${position} on the lineup. Save it when it is ready.`,
  /** A lineup row's fields, named with the comic for a screen reader. */
  roleFor: (name: string) => `Role for ${name}`,
  minutesFor: (name: string) => `Minutes for ${name}`,
  badMinutes: (name: string) =>
    `${name}'s set length must be a whole number of minutes, 1 to ${comicLimits.setMinutesMax}.`,
  rosterEmpty: 'Everyone on the roster is on this lineup already.',
  nobodyOn: 'Nobody is on stage.',
  stageUnchanged: 'The stage was already like that: nothing was recorded.',
  stageEmptyLineup: 'Nobody is on the lineup yet: set it below, or put any comic on.',
  stageEnd: 'Everyone on the lineup has been on: pick a comic, or call an intermission.',
} as const
