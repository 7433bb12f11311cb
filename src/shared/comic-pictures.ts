/**
 * A comic's picture (docs/comics.md, "What fans see"; docs/decisions/023-comic-pictures.md): the
 * host sends the file's bytes as they are; the server checks them by their content and re-encodes
 * them to one square WebP, the only form the site ever serves.
 */
export const comicPictureLimits = {
  /** The largest file the host may send. */
  maxBytes: 5 * 1024 * 1024,
  /** The most pixels a sent picture may have (a 5 MB file could claim far more). */
  maxPixels: 50_000_000,
  /** Every picture is served as a square this wide and high, cropped to cover it. */
  size: 480,
} as const

/** What the host may send, told by the file's first bytes, never by its name or its header. */
export const comicPictureFormats = ['jpeg', 'png', 'webp'] as const
export type ComicPictureFormat = (typeof comicPictureFormats)[number]

/**
 * POST the picture's bytes as the body (Content-Type image/jpeg, image/png or image/webp, or
 * none), with the console's session and CSRF token: answers the comic as the host sees it
 * (ComicView), its `pictureUrl` the new picture's.
 */
export const comicPictureRoute = '/admin/api/comics/:id/picture'
export function comicPictureApi(comicId: string): string {
  return comicPictureRoute.replace(':id', encodeURIComponent(comicId))
}
