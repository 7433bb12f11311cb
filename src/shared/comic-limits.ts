/** What a comic's name, slug, links and a lineup may hold (docs/comics.md). */
export const comicLimits = {
  nameMax: 60,
  slugMax: 60,
  linksMax: 5,
  lineupMax: 20,
  setMinutesMax: 120,
  defaultSetMinutes: 10,
} as const
