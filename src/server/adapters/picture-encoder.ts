import type { Metadata } from 'sharp'
import type { PictureEncoder } from '../../core/comics/pictures'
import { comicPictureLimits } from '../../shared/comic-pictures'

/**
 * The comics' pictures through libvips (sharp; docs/decisions/023-comic-pictures.md): turned
 * upright by their EXIF orientation, cropped to a square on what draws the eye, WebP. Nothing of
 * the sent file survives but its pixels: no EXIF (a phone's GPS position), no ICC profile, no
 * other frames of an animation.
 */
export const encodeComicPicture: PictureEncoder = async (bytes) => {
  const { maxPixels, size } = comicPictureLimits
  const options = { failOn: 'error', pages: 1 } as const
  // libvips loads with the first picture, not with every start of the server: 0.15 s of CPU.
  const { default: sharp } = await import('sharp')
  let metadata: Metadata
  try {
    // The header alone, read without a limit (nothing is decoded): the size says what follows.
    metadata = await sharp(bytes, { ...options, limitInputPixels: false }).metadata()
  } catch {
    return 'undecodable'
  }
  const { width, height } = metadata
  if (!width || !height) return 'undecodable'
  if (width * height > maxPixels) return 'too-many-pixels'
  try {
    const { data, info } = await sharp(bytes, { ...options, limitInputPixels: maxPixels })
      .rotate()
      .resize(size, size, { fit: 'cover', position: 'attention' })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true })
    return { data, contentType: 'image/webp', width: info.width, height: info.height }
  } catch {
    return 'undecodable'
  }
}
