/**
 * Photos are never served as sent: each is decoded and written anew, turned upright by
 * its orientation tag, with every piece of metadata (EXIF, GPS, camera serials) left
 * behind, at a display size and as a thumbnail. Decoding is CPU work, done by a job after
 * the upload, and it can never take every core: libvips works on one image with one
 * thread, and a small queue lets one image fewer than the cores be worked on at once
 * (one, on two cores). Each photo is decoded once, and both sizes are made from the
 * display-sized pixels. The upload request only reads the header, which costs no
 * decoding, and refuses a photo of more pixels than allowed there.
 */
import { availableParallelism } from 'node:os';
import pLimit from 'p-limit';
import type { Sharp, SharpOptions } from 'sharp';
import { HttpError } from '#server/http-error.ts';

type SharpFactory = (input: string | Buffer, options: SharpOptions) => Sharp;
let loadingSharp: Promise<SharpFactory> | undefined;

/**
 * sharp is loaded with the first photo, not at start: libvips adds about 30 MB to the
 * resident memory of a server that may never see an upload.
 */
function loadSharp(): Promise<SharpFactory> {
  loadingSharp ??= import('sharp').then(({ default: sharp }) => {
    // Decoded pixels are not kept between images: uploads are one-offs.
    sharp.cache(false);
    // One thread an image: the queue below, not libvips, says how many cores are busy.
    sharp.concurrency(1);
    return sharp;
  });
  return loadingSharp;
}

export interface ImageVariant {
  /** Fit inside (display) or cover (thumbnail, profile picture) a square of this side. */
  side: number;
  fit: 'inside' | 'cover';
  quality: number;
}

export const REVIEW_PHOTO_VARIANTS = {
  display: { side: 1600, fit: 'inside', quality: 82 },
  thumbnail: { side: 400, fit: 'cover', quality: 75 },
} as const satisfies Record<string, ImageVariant>;

export const PROFILE_IMAGE_VARIANTS = {
  display: { side: 512, fit: 'cover', quality: 85 },
  thumbnail: { side: 128, fit: 'cover', quality: 80 },
} as const satisfies Record<string, ImageVariant>;

type Variants = typeof REVIEW_PHOTO_VARIANTS | typeof PROFILE_IMAGE_VARIANTS;

export class ImageUnreadableError extends Error {}

/** A photo whose header claims more pixels than a photo may have. */
export class ImageTooLargeError extends Error {
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    super(`the image claims ${width}×${height} pixels`);
  }
}

/**
 * Reads what an image says of itself without decoding it: a file whose header does not
 * parse, or that claims more than `maxPixels`, is refused while its sender still waits
 * for the answer. Passing says nothing of whether the pixels decode.
 */
export async function checkImageHeader(sourcePath: string, maxPixels: number): Promise<void> {
  const sharp = await loadSharp();
  let size: { width: number; height: number };
  try {
    size = await sharp(sourcePath, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw new ImageUnreadableError('the image header could not be read', { cause: error });
  }
  const pixels = size.width * size.height;
  if (!(pixels > 0)) throw new ImageUnreadableError(`the image claims ${pixels} pixels`);
  if (pixels > maxPixels) throw new ImageTooLargeError(size.width, size.height);
}

const queue = pLimit(Math.max(1, availableParallelism() - 1));
const MAX_WAITING = 16;

/**
 * Writes the display image and the thumbnail as WebP; resolves to the display size. The
 * photo is decoded once, to the display size, and both files are encoded from those pixels
 * (the thumbnail's crop of them is the one it would take of the original).
 */
export async function reencodeImage(
  sourcePath: string,
  targets: { display: string; thumbnail: string },
  variants: Variants,
  maxPixels: number,
): Promise<{ width: number; height: number }> {
  if (queue.pendingCount >= MAX_WAITING) {
    throw new HttpError(503, 'Too many photos are being processed right now; try again shortly');
  }
  return queue(async () => {
    const sharp = await loadSharp();
    const resize = (variant: ImageVariant) => ({
      width: variant.side,
      height: variant.side,
      fit: variant.fit,
      withoutEnlargement: true,
    });
    try {
      const { data, info } = await sharp(sourcePath, {
        limitInputPixels: maxPixels,
        failOn: 'error',
      })
        // Applies the orientation tag to the pixels; the tag itself goes with the rest.
        .autoOrient()
        .resize(resize(variants.display))
        .raw({ depth: 'uchar' })
        .toBuffer({ resolveWithObject: true });
      const pixels = () =>
        sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
      // One after the other, so that one photo keeps one thread busy.
      await pixels().webp({ quality: variants.display.quality }).toFile(targets.display);
      await pixels()
        .resize(resize(variants.thumbnail))
        .webp({ quality: variants.thumbnail.quality })
        .toFile(targets.thumbnail);
      return { width: info.width, height: info.height };
    } catch (error) {
      throw new ImageUnreadableError('the image could not be decoded', { cause: error });
    }
  });
}
