import { comicLimits } from '../../shared/comics'

/** Why a change to the roster, a lineup or the stage was refused, in the host's words. */
export const comicRefusalTexts = {
  noComic: (what: string) => `There is no comic "${what}" (see: npm run admin -- comics list).`,
  archived: (name: string) =>
    `${name} is archived: bring them back with comics edit --unarchive first.`,
  slugTaken: (slug: string, name: string) =>
    `The address /comics/${slug} is ${name}'s already: choose another slug.`,
  badSlug: (slug: string) =>
    `"${slug}" cannot be a page address: use lower-case letters, digits and single dashes (e.g. sam-stone).`,
  noName: 'A comic needs a stage name.',
  noShow: (id: string) => `There is no show "${id}" (see: npm run admin -- events list).`,
  badLink: (url: string) => `"${url}" is not a web address: links start with https://.`,
  tooManyLinks: `A comic has at most ${comicLimits.linksMax} links.`,
  nothingToChange: 'Nothing to change: give a field to change.',
  twiceInLineup: (name: string) =>
    `${name} is on the lineup twice: each comic has one place on a bill.`,
  longLineup: `A lineup has at most ${comicLimits.lineupMax} comics.`,
  noShowOn: 'There is no show tonight to run the stage for (see: npm run admin -- events list).',
  showOver: (name: string) => `${name} is over: its stage cannot change any more.`,
  emptyLineup: (name: string) =>
    `${name} has nobody on its lineup: add comics to it first (lineup set).`,
  locked: 'The host has locked your page: ask the club to change it.',
  notYours: (fields: string) => `Only the host changes these: ${fields}.`,
  noChange: (comic: string) => `${comic} has no change of their own page to undo.`,
  noSuchChange: (id: number, comic: string) => `There is no change ${id} of ${comic}'s page.`,
  endOfLineup: (name: string) =>
    `Everyone on ${name}'s lineup has been on: pick a comic, or call an intermission.`,
} as const
