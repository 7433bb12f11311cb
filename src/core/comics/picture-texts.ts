import { comicPictureLimits } from '../../shared/comic-pictures'

const megabytes = comicPictureLimits.maxBytes / (1024 * 1024)
const megapixels = comicPictureLimits.maxPixels / 1_000_000

/** Why a comic's picture was refused, in the host's words: nothing changed. */
export const pictureRefusalTexts = {
  noPicture: 'No picture was sent: choose a JPEG, PNG or WebP file.',
  tooLarge: `That file is larger than ${megabytes} MB: send a smaller picture (a photo from a phone, resized, is plenty).`,
  notAPicture:
    'That file is not a JPEG, PNG or WebP picture (whatever its name says): choose a photo saved in one of those.',
  undecodable:
    'That picture could not be read: it may be cut short or damaged. Save it again and send it once more.',
  tooManyPixels: `That picture has more than ${megapixels} million pixels: make it smaller first.`,
} as const
