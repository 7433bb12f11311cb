/** A comic's stage name in a gift's line is cut to this: the feed stays under 2 KB. */
const maxComicInGift = 32

/** The stage name as a gift carries it: whole when short, else cut with "…". */
export function giftComic(name: string | null): string {
  const letters = [...(name ?? '')]
  if (letters.length <= maxComicInGift) return letters.join('')
  return `${letters
    .slice(0, maxComicInGift - 1)
    .join('')
    .trimEnd()}…`
}

/** " to Sam": whom a gift was for, in its line; nothing when it went to the show's pot. */
export function toComic(comic: string): string {
  return comic ? ` to ${comic}` : ''
}
